// The table pages are for the players at the table: no federation menu, no "Inloggen" (a table
// code is all they need); the site's header and footer are hidden here.
import type { ReactNode } from 'react';

export default function TableLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <style>{'[data-site-chrome] { display: none }'}</style>
      {children}
    </>
  );
}
