import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteChrome } from '@/components/site-chrome';
import { ResultAnnouncer } from '@/components/ui/result-announcer';
import { Unavailable } from '@/components/unavailable';
import { isApiUnavailable } from '@/lib/api-core';
import { currentUser } from '@/lib/api-server';
import { SITE_DESCRIPTION, SITE_NAME } from '@/lib/site';
import './globals.css';

export const metadata: Metadata = {
  title: { default: SITE_NAME, template: `%s · ${SITE_NAME}` },
  description: SITE_DESCRIPTION,
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The API or its database down: one clear notice instead of the page, whose own calls
  // would fail the same way (and must not read as "no season" or "not logged in").
  const me = await currentUser().catch((error: unknown) => {
    if (isApiUnavailable(error)) return 'unavailable' as const;
    throw error;
  });
  return (
    <html lang="nl">
      <body className="min-h-screen">
        {me === 'unavailable' ? (
          <SiteChrome unavailable>
            <Unavailable />
          </SiteChrome>
        ) : (
          <SiteChrome me={me}>{children}</SiteChrome>
        )}
        <ResultAnnouncer />
      </body>
    </html>
  );
}
