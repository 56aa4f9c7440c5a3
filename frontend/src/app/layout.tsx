import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteChrome } from '@/components/site-chrome';
import { currentUser } from '@/lib/api-server';
import { SITE_DESCRIPTION, SITE_NAME } from '@/lib/site';
import './globals.css';

export const metadata: Metadata = {
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const me = await currentUser();
  return (
    <html lang="nl">
      <body className="min-h-screen">
        <SiteChrome me={me}>{children}</SiteChrome>
      </body>
    </html>
  );
}
