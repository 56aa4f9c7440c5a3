import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD, launch, login, newPage } from './browser';

/** Console errors in which Chromium reports something the Content-Security-Policy blocked. */
function watchCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

const EVIL = 'http://evil.example';
const credentials = JSON.stringify({ email: 'admin@tsbn.nl', password: DEMO_PASSWORD });

/** A request as a page on `origin` would make the browser send it, through the dashboard's /api proxy. */
function post(path: string, origin: string, init: { body?: string; cookie?: string; secFetchSite?: string } = {}) {
  const headers: Record<string, string> = { origin };
  if (init.body) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  if (init.secFetchSite) headers['sec-fetch-site'] = init.secFetchSite;
  return fetch(`${BASE_URL}${path}`, { method: 'POST', headers, body: init.body, redirect: 'manual' });
}

describe('security headers and cross-origin writes', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('forbids every script on a public page, and framing', async () => {
    const { context, page } = await newPage(browser);
    const violations = watchCspViolations(page);
    const res = await page.goto(`${BASE_URL}/stand`);
    const headers = res!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'none'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['strict-transport-security']).toBeUndefined(); // plain HTTP
    await page.getByRole('heading', { name: 'Stand 2026/2027' }).waitFor();
    expect(violations).toEqual([]);
    await context.close();
  });

  it("allows the dashboard's own scripts: logging in, a dashboard page and logging out work without a CSP violation", async () => {
    const { context, page } = await newPage(browser);
    const violations = watchCspViolations(page);
    const res = await page.goto(`${BASE_URL}/inloggen`);
    const csp = res!.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toContain("script-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res!.headers()['x-frame-options']).toBe('DENY');
    expect(res!.headers()['x-content-type-options']).toBe('nosniff');
    await login(page, 'admin@tsbn.nl');
    const beheer = await page.goto(`${BASE_URL}/beheer/verenigingen`);
    expect(beheer!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    await page.getByRole('heading', { name: 'Verenigingen' }).waitFor();
    // a write from the dashboard itself (same origin, through the proxy) is accepted
    const name = `Troefclub Veilig ${Date.now()}`;
    await page.getByLabel('Naam').fill(name);
    await page.getByRole('button', { name: 'Vereniging toevoegen' }).click();
    await page.getByRole('status').filter({ hasText: 'Vereniging toegevoegd.' }).waitFor();
    await page.getByRole('link', { name }).waitFor();
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL(`${BASE_URL}/`);
    expect((await page.request.get(`${BASE_URL}/api/auth/me`)).status()).toBe(401);
    expect(violations).toEqual([]);
    await context.close();
  });

  it("keeps the API's own headers on /api through the proxy", async () => {
    const res = await fetch(`${BASE_URL}/api/health`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("script-src 'none'"); // the dashboard's public policy is not added
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a cross-origin POST through the proxy (403) and accepts a same-origin one', async () => {
    for (const [origin, secFetchSite] of [[EVIL, undefined], [EVIL, 'cross-site'], ['http://sibling.example', 'same-site']] as const) {
      const refused = await post('/api/auth/login', origin, { body: credentials, secFetchSite });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('CROSS_ORIGIN');
      expect(refused.headers.get('set-cookie')).toBeNull();
    }
    const accepted = await post('/api/auth/login', BASE_URL, { body: credentials });
    expect(accepted.status).toBe(200);
    const cookie = accepted.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toContain('=');

    // a write through the /api rewrite: from another origin refused, the session stays
    const foreignLogout = await post('/api/auth/logout', EVIL, { cookie });
    expect(foreignLogout.status).toBe(403);
    expect((await fetch(`${BASE_URL}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    // the header's logout form (/uitloggen) posted from another site: refused, the session stays
    const foreignForm = await post('/uitloggen', EVIL, { cookie, secFetchSite: 'cross-site' });
    expect(foreignForm.status).toBe(403);
    expect((await fetch(`${BASE_URL}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    const ownLogout = await post('/api/auth/logout', BASE_URL, { cookie, secFetchSite: 'same-origin' });
    expect(ownLogout.status).toBeLessThan(300);
    expect((await fetch(`${BASE_URL}/api/auth/me`, { headers: { cookie } })).status).toBe(401);
  });
});
