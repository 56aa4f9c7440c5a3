// The header and footer of every page, in both routers: the dashboard (app router) and
// the public pages (src/pages, served without JavaScript). Logging out is a plain form
// post to /uitloggen, so it works on either.
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { Me } from '@/lib/api-core';

/** `unavailable`: the API is down, so who is logged in is unknown: neither "Inloggen" nor "Uitloggen". */
export function SiteChrome({ me, unavailable = false, children }: { me?: Me | null; unavailable?: boolean; children: ReactNode }) {
  return (
    <>
      <a
        href="#inhoud"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-brand-900 focus:ring-2 focus:ring-brand-600"
      >
        Naar de inhoud
      </a>
      <header data-site-chrome className="bg-brand-900 text-white">
        <nav className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" aria-label="Hoofdmenu">
          <Link href="/" className="mr-auto font-bold tracking-wide">
            TSBN <span className="font-normal text-brand-100">competitie</span>
          </Link>
          <Link href="/stand">Stand</Link>
          <Link href="/programma">Programma</Link>
          <Link href="/ranglijst">Ranglijst</Link>
          <Link href="/reglement">Reglement</Link>
          {me?.role === 'ADMIN' && <Link href="/beheer">Beheer</Link>}
          {me?.role === 'SECRETARY' && <Link href="/vereniging">Mijn vereniging</Link>}
          {me?.role === 'SUPERVISOR' && <Link href="/wedstrijdleider">Wedstrijdleider</Link>}
          {me && <Link href="/te-doen">Te doen</Link>}
          {me && <Link href="/instellingen/meldingen">Meldingen</Link>}
          {me ? (
            <>
              <span className="hidden text-sm text-brand-100 sm:inline">{me.name}</span>
              <Link href="/wachtwoord" className="text-sm">
                Wachtwoord
              </Link>
              <form method="post" action="/uitloggen">
                <button className="rounded-md bg-white/10 px-3 py-1.5 hover:bg-white/20">Uitloggen</button>
              </form>
            </>
          ) : unavailable ? null : (
            <Link href="/inloggen" className="rounded-md bg-white/10 px-3 py-1.5 hover:bg-white/20">
              Inloggen
            </Link>
          )}
        </nav>
      </header>
      <main id="inhoud" tabIndex={-1} className="mx-auto max-w-5xl px-4 py-6 focus:outline-none">{children}</main>
      <footer data-site-chrome className="mx-auto max-w-5xl px-4 pb-8 text-xs text-stone-500">Troefcall Sport Bond Nederland · competitieadministratie · <Link href="/reglement" className="underline">Hoe de stand wordt berekend</Link></footer>
    </>
  );
}
