import type { AppProps } from 'next/app';
import Head from 'next/head';
import { SiteChrome } from '@/components/site-chrome';
import { Unavailable } from '@/components/unavailable';
import type { Me } from '@/lib/api-core';
import { SITE_DESCRIPTION, SITE_NAME } from '@/lib/site';
import '@/app/globals.css';

/** The frame of the public pages: the same header and footer as the dashboard. */
export default function PublicApp({ Component, pageProps }: AppProps<{ me?: Me | null; unavailable?: boolean }>) {
  // publicPage() found the API or its database down: say so instead of rendering the page.
  if (pageProps.unavailable) {
    return (
      <>
        <Head>
          <meta key="viewport" name="viewport" content="width=device-width, initial-scale=1" />
          <title>{`Tijdelijk niet bereikbaar · ${SITE_NAME}`}</title>
        </Head>
        <SiteChrome unavailable>
          <Unavailable />
        </SiteChrome>
      </>
    );
  }
  return (
    <>
      <Head>
        <meta key="viewport" name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={SITE_DESCRIPTION} />
      </Head>
      <SiteChrome me={pageProps.me}>
        <Component {...pageProps} />
      </SiteChrome>
    </>
  );
}
