import { Head, Html, Main, NextScript } from 'next/document';

export default function Document() {
  return (
    <Html lang="nl">
      <Head />
      <body className="min-h-screen">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
