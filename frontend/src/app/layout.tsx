import type { Metadata, Viewport } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { LogoutButton } from '@/components/logout-button';
import { currentUser } from '@/lib/api-server';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'TSBN competitie', template: '%s · TSBN competitie' },
  description: 'Stand, programma en uitslagen van de Troefcall Sport Bond Nederland',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const me = await currentUser();
  return (
    <html lang="nl">
      <body className="min-h-screen">
        <header className="bg-brand-900 text-white">
          <nav className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" aria-label="Hoofdmenu">
            <Link href="/" className="mr-auto font-bold tracking-wide">
              TSBN <span className="font-normal text-brand-100">competitie</span>
            </Link>
            <Link href="/stand">Stand</Link>
            <Link href="/programma">Programma</Link>
            {me?.role === 'ADMIN' && <Link href="/beheer">Beheer</Link>}
            {me?.role === 'SECRETARY' && <Link href="/vereniging">Mijn vereniging</Link>}
            {me?.role === 'SUPERVISOR' && <Link href="/wedstrijdleider">Wedstrijdleider</Link>}
            {me ? (
              <>
                <span className="hidden text-sm text-brand-100 sm:inline">{me.name}</span>
                <LogoutButton />
              </>
            ) : (
              <Link href="/inloggen" className="rounded-md bg-white/10 px-3 py-1.5 hover:bg-white/20">
                Inloggen
              </Link>
            )}
          </nav>
        </header>
        <main className="mx-auto max-w-5xl px-4 py-6">{children}</main>
        <footer className="mx-auto max-w-5xl px-4 pb-8 text-xs text-stone-500">Troefcall Sport Bond Nederland · competitieadministratie</footer>
      </body>
    </html>
  );
}
