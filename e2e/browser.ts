import { Browser, BrowserContext, chromium, Page, Request } from 'playwright-core';

export const BASE_URL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3100';
export const DEMO_PASSWORD = 'troefcall2026';

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    // A run with its clock moved (CI's demo-match-day step, libfaketime) moves the pages' clock
    // with Playwright's instead (newPage): Chromium itself does not run under libfaketime.
    env: withoutFakeTime(process.env),
  });
}

function withoutFakeTime(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept = Object.entries(env).filter(([name, value]) => value !== undefined && name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME'));
  return Object.fromEntries(kept) as Record<string, string>;
}

/** A fresh browser context on a phone-sized or laptop-sized screen. */
export async function newPage(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'nl-NL' });
  // Under libfaketime this process's clock is the moved one: the pages get the same time.
  if (process.env.FAKETIME) await context.clock.setSystemTime(new Date());
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

export async function login(page: Page, email: string): Promise<void> {
  await page.goto(`${BASE_URL}/inloggen`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/inloggen'));
}

/** The requests of `method` whose path matches `path`, from now on (to count what a double tap sends). */
export function recordWrites(page: Page, method: string, path: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === method && path.test(new URL(r.url()).pathname)) seen.push(r);
  });
  return seen;
}

/** The idempotency key a request carried in its body. */
export const keyOf = (r: Request) => (r.postDataJSON() as { idempotencyKey?: string }).idempotencyKey;

/** A call at the table, as a phone without login makes it (set-up, not under test). */
export async function atTable<T>(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}/api/table/${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} /api/table/${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}
