/*
 * The service worker of the table page (/tafel) and the supervisor's console
 * (/wedstrijdleider/avond) — issue 16, "works at a venue with bad internet".
 *
 * Hand-written on purpose: Next 16 builds with Turbopack and the service-worker plugins for
 * Next need webpack. It is registered twice, with scope /tafel and scope
 * /wedstrijdleider/avond, so it never controls another page: the public pages stay free of
 * JavaScript and are never cached here.
 *
 * - Pages in those scopes: network first; the answer is kept (per address) so the page opens
 *   offline after it was opened once online. A redirect (e.g. to the login) is never kept and
 *   drops what was kept for that address.
 * - /_next/static/* (content-hashed, immutable): cache first. The page sends the addresses it
 *   loaded before the worker ran ("precache"), so a reload offline finds them.
 * - Everything else, the API included, passes untouched: no API answer of anyone is cached
 *   here (the table keeps its own last view in IndexedDB).
 * - A new worker waits: it takes over only when the page asks ("skip-waiting"), which the page
 *   does between sets, never in the middle of an entry.
 * - Background Sync (Chromium only, never relied on): sends the outbox (IndexedDB
 *   "tsbn-outbox", written by src/app/tafel/outbox.ts) with the items' own idempotency keys.
 */
const VERSION = 'tsbn-sw-1';
const PAGES = `${VERSION}-pages`;
const ASSETS = `${VERSION}-assets`;
const SCOPES = ['/tafel', '/wedstrijdleider/avond'];

const inScope = (url) => url.origin === self.location.origin && SCOPES.some((s) => url.pathname === s || url.pathname.startsWith(`${s}/`));
const isAsset = (url) => url.origin === self.location.origin && url.pathname.startsWith('/_next/static/');

self.addEventListener('install', () => {
  // No skipWaiting here: the first worker has nothing to replace (clients.claim below); a
  // later one waits for the page's "skip-waiting".
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = [PAGES, ASSETS];
      for (const name of await caches.keys()) if (name.startsWith('tsbn-sw-') && !keep.includes(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

async function keepPage(request, response) {
  const cache = await caches.open(PAGES);
  if (response.ok && !response.redirected && response.type === 'basic') await cache.put(request.url, response.clone());
  else await cache.delete(request.url);
}

async function page(request) {
  try {
    const response = await fetch(request);
    await keepPage(request, response);
    return response;
  } catch (error) {
    const kept = await caches.match(request.url, { cacheName: PAGES });
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(ASSETS);
  const kept = await cache.match(request.url);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate' && inScope(url)) event.respondWith(page(request));
  else if (isAsset(url)) event.respondWith(asset(request));
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'skip-waiting') self.skipWaiting();
  if (data.type === 'precache' && Array.isArray(data.urls)) {
    event.waitUntil(
      (async () => {
        for (const raw of data.urls) {
          const url = new URL(raw, self.location.origin);
          try {
            if (isAsset(url)) {
              const cache = await caches.open(ASSETS);
              if (!(await cache.match(url.href))) {
                const response = await fetch(url.href);
                if (response.ok) await cache.put(url.href, response);
              }
            } else if (inScope(url)) {
              const request = new Request(url.href, { credentials: 'same-origin' });
              await keepPage(request, await fetch(request));
            }
          } catch {
            // Offline now: the next visit online keeps it.
          }
        }
        event.source?.postMessage({ type: 'precached' });
      })(),
    );
  }
});

// ---- Background Sync: the outbox, without Dexie (same database, same stores) ----

function openOutbox() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('tsbn-outbox');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
    // The page creates the database (Dexie); never create an empty one here.
    open.onupgradeneeded = () => open.transaction.abort();
  });
}

function run(db, mode, work) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('items', mode);
    let result;
    Promise.resolve(work(tx.objectStore('items'))).then((r) => (result = r));
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

const all = (store) =>
  new Promise((resolve, reject) => {
    const r = store.getAll();
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });

async function sendOutbox() {
  let db;
  try {
    db = await openOutbox();
  } catch {
    return;
  }
  try {
    if (!db.objectStoreNames.contains('items')) return;
    const items = (await run(db, 'readonly', all)).filter((i) => i.status === 'WAITING').sort((a, b) => a.id - b.id);
    const stopped = new Set();
    for (const item of items) {
      if (stopped.has(item.scope)) continue;
      let response;
      try {
        response = await fetch(item.path, { method: item.method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(item.body), cache: 'no-store' });
      } catch {
        throw new Error('offline'); // the browser tries the sync again later
      }
      if (response.ok) {
        await run(db, 'readwrite', (store) => store.delete(item.id));
      } else if (response.status >= 500 || response.status === 429 || response.status === 408) {
        stopped.add(item.scope);
      } else {
        // A refusal the table must read: leave it to the page, which shows it with the API's message.
        stopped.add(item.scope);
      }
    }
  } finally {
    db.close();
  }
  for (const client of await self.clients.matchAll({ includeUncontrolled: false })) client.postMessage({ type: 'outbox-synced' });
}

self.addEventListener('sync', (event) => {
  if (event.tag === 'tsbn-outbox') event.waitUntil(sendOutbox());
});
