// The public pages (src/pages): rendered on the server per request and sent as HTML and
// CSS only. Each page exports `config = { runtime: 'nodejs', unstable_runtimeJS: false }`
// (a static object literal, as Next.js reads it per page), so a production build sends no
// JavaScript at all: nothing on these pages needs it, and a phone at the club table gets the
// standings fast. (`runtime: 'nodejs'` is the default; it is spelled out because the type
// check Next.js generates for pages only knows that key and refuses a config without it.)
import type { GetServerSideProps, GetServerSidePropsContext } from 'next';
import Head from 'next/head';
import { createApi, isApiUnavailable, userOf, type Api, type Me } from './api-core';
import { SITE_NAME } from './site';

export type PublicProps<P> = P & { me: Me | null; unavailable?: boolean };

/**
 * getServerSideProps for a public page: `load` reads the page's data with the visitor's
 * cookie (null → 404); the logged-in user, if any, comes along for the header.
 */
export function publicPage<P extends object>(load: (api: Api, context: GetServerSidePropsContext) => Promise<P | null>): GetServerSideProps<PublicProps<P>> {
  return async (context) => {
    const forwardedFor = context.req.headers['x-forwarded-for'] ?? context.req.socket.remoteAddress;
    const api = createApi(context.req.headers.cookie, Array.isArray(forwardedFor) ? forwardedFor.join(', ') : forwardedFor);
    try {
      const [me, data] = await Promise.all([userOf(api), load(api, context)]);
      if (!data) return { notFound: true };
      return { props: { ...data, me } };
    } catch (error) {
      if (!isApiUnavailable(error)) throw error;
      // Neither "not found" nor "logged out": _app.tsx shows "tijdelijk niet bereikbaar"
      // instead of the page (which therefore never sees these props).
      context.res.statusCode = 503;
      context.res.setHeader('Retry-After', '60');
      return { props: { me: null, unavailable: true } as PublicProps<P> };
    }
  };
}

/** One query parameter as a string (the first when repeated), or null. */
export function queryParam(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * A live page's `?v=` (the version a live message announced, live.js) as the API's `version`:
 * the API then answers that version while it still holds it, without computing it again.
 * Anything else is left out (the current answer).
 */
export function liveVersion(value: string | string[] | undefined): { version?: string } {
  const v = queryParam(value);
  return v && /^[A-Za-z0-9_-]{1,64}$/.test(v) ? { version: v } : {};
}

export function PageTitle({ title }: { title?: string }) {
  return (
    <Head>
      <title>{title ? `${title} · ${SITE_NAME}` : SITE_NAME}</title>
    </Head>
  );
}
