import type { Browser, Page } from 'playwright-core';
import { apiSession, type ApiCall } from './api-session';
import { BASE_URL, DEMO_PASSWORD, launch, newPage } from './browser';

// Mail goes to the API's own mail catcher (scripts/e2e.mjs starts it on a port of this run);
// the tests read it the way an administrator does: GET /api/mail/caught, or Beheer → E-mail.
interface CaughtMail {
  to: string;
  subject: string;
  text: string;
  receivedAt: string;
}

/** Waits for the newest mail to `to` whose subject matches, received after `since`. */
async function mailTo(admin: ApiCall, to: string, subject: RegExp, since: Date): Promise<CaughtMail> {
  const until = Date.now() + 20_000;
  for (;;) {
    const mails = await admin<CaughtMail[]>('GET', '/api/mail/caught');
    const mail = mails.find((m) => m.to.includes(to) && subject.test(m.subject) && new Date(m.receivedAt) >= since);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`Geen mail aan ${to} (${subject}) aangekomen`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The link in a mail to this dashboard path, opened on the test's dashboard. */
function linkIn(mail: CaughtMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${path}\\?token=[\\w-]+`));
  if (!match) throw new Error(`Geen link naar ${path} in: ${mail.text}`);
  const url = new URL(match[0]);
  return `${BASE_URL}${url.pathname}${url.search}`;
}

async function choosePassword(page: Page, password: string): Promise<void> {
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(password);
  await page.getByLabel('Herhaal wachtwoord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Wachtwoord opslaan en inloggen' }).click();
}

describe('accounts without the administrator’s help', () => {
  let browser: Browser;
  let admin: ApiCall;
  beforeAll(async () => {
    browser = await launch();
    admin = await apiSession('admin@tsbn.nl');
  });
  afterAll(() => browser.close());

  it('forgot password → the mail arrives → a new password → logged in', async () => {
    // A secretary no other browser test logs in as; the demo password is set back at the end.
    const email = 'secretaris@commewijne-78.nl';
    const newPassword = 'commewijne-nieuw-2026';
    const { page, context } = await newPage(browser);
    const since = new Date(Date.now() - 1000);

    await page.goto(`${BASE_URL}/inloggen`);
    await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
    await page.getByRole('heading', { name: 'Wachtwoord vergeten' }).waitFor();
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByRole('button', { name: 'Stuur mij een link' }).click();
    await page.getByRole('status').filter({ hasText: 'Als dit e-mailadres bij ons bekend is' }).waitFor();

    const mail = await mailTo(admin, email, /Nieuw wachtwoord kiezen/, since);
    expect(mail.text).toContain('1 uur geldig');
    const link = linkIn(mail, '/wachtwoord-herstellen');

    await page.goto(link);
    await page.getByRole('heading', { name: 'Nieuw wachtwoord kiezen' }).waitFor();
    await choosePassword(page, 'kort');
    await page.getByText('Een wachtwoord heeft minstens 10 tekens.').waitFor();
    await choosePassword(page, newPassword);
    await page.waitForURL((url) => url.pathname === '/te-doen');
    await page.getByRole('heading', { name: 'Te doen', exact: true }).waitFor();

    // The link worked once.
    const other = await newPage(browser);
    await other.page.goto(link);
    await other.page.getByRole('alert').filter({ hasText: 'al gebruikt' }).waitFor();
    await other.page.getByRole('link', { name: 'Vraag een nieuwe link aan' }).waitFor();
    // The new password logs in, the old one no longer does.
    await other.page.goto(`${BASE_URL}/inloggen`);
    await other.page.getByLabel('E-mailadres').fill(email);
    await other.page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
    await other.page.getByRole('button', { name: 'Inloggen' }).click();
    await other.page.getByRole('alert').filter({ hasText: 'E-mailadres of wachtwoord klopt niet.' }).waitFor();
    await other.page.getByLabel('Wachtwoord', { exact: true }).fill(newPassword);
    await other.page.getByRole('button', { name: 'Inloggen' }).click();
    await other.page.waitForURL((url) => !url.pathname.startsWith('/inloggen'));
    await other.context.close();

    // Back to the demo password, for whoever comes next.
    const back = await page.request.put(`${BASE_URL}/api/auth/password`, { data: { currentPassword: newPassword, newPassword: DEMO_PASSWORD } });
    expect(back.status()).toBe(204);
    await context.close();
  });

  it('an administrator invites a secretary, who sets a password and lands on their to-do list', async () => {
    const email = `nieuwe-secretaris-${Date.now()}@marowijne.nl`;
    const adminBrowser = await newPage(browser);
    const since = new Date(Date.now() - 1000);
    const { page: adminPage } = adminBrowser;
    await adminPage.goto(`${BASE_URL}/inloggen`);
    await adminPage.getByLabel('E-mailadres').fill('admin@tsbn.nl');
    await adminPage.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
    await adminPage.getByRole('button', { name: 'Inloggen' }).click();
    await adminPage.waitForURL((url) => !url.pathname.startsWith('/inloggen'));

    await adminPage.goto(`${BASE_URL}/beheer/gebruikers`);
    await adminPage.getByRole('heading', { name: 'Nieuwe gebruiker uitnodigen' }).waitFor();
    await adminPage.getByLabel('Naam').fill('Mireille Pinas');
    await adminPage.getByLabel('E-mailadres').fill(email);
    await adminPage.getByLabel('Rol').selectOption({ label: 'Secretaris' });
    await adminPage.getByLabel('Vereniging (voor secretarissen)').selectOption({ label: 'Marowijne' });
    await adminPage.getByRole('button', { name: 'Gebruiker uitnodigen' }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Gebruiker aangemaakt.' }).waitFor();
    const row = adminPage.getByRole('row').filter({ hasText: email });
    await row.getByText('Uitgenodigd').waitFor();

    // The administrator reads the invitation where the mail catcher keeps it: Beheer → E-mail.
    const mail = await mailTo(admin, email, /Uitnodiging/, since);
    expect(mail.text).toContain('secretaris van Marowijne');
    await adminPage.getByRole('link', { name: 'E-mail', exact: true }).click();
    await adminPage.getByRole('heading', { name: 'E-mail', exact: true }).waitFor();
    await adminPage.getByText(`Uitnodiging voor de TSBN-competitieadministratie — aan ${email}`).click();
    const href = await adminPage.getByRole('link', { name: /\/uitnodiging\?token=/ }).first().getAttribute('href');
    expect(href).toBe(linkIn(mail, '/uitnodiging').replace(BASE_URL, new URL(href!).origin));

    const { page, context } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(linkIn(mail, '/uitnodiging'));
    await page.getByRole('heading', { name: 'Welkom, Mireille Pinas' }).waitFor();
    await choosePassword(page, 'marowijne-secretaris-1');
    await page.waitForURL((url) => url.pathname === '/te-doen');
    await page.getByRole('heading', { name: 'Te doen', exact: true }).waitFor();
    const me = await page.request.get(`${BASE_URL}/api/auth/me`);
    expect(await me.json()).toMatchObject({ email, role: 'SECRETARY', clubName: 'Marowijne' });

    // No longer "invited" for the administrator.
    await adminPage.goto(`${BASE_URL}/beheer/gebruikers`);
    await adminPage.getByRole('row').filter({ hasText: email }).waitFor();
    expect(await adminPage.getByRole('row').filter({ hasText: email }).getByText('Uitgenodigd').count()).toBe(0);
    await context.close();
    await adminBrowser.context.close();
  });
});
