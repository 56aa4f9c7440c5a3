import type { Browser, Page } from 'playwright-core';
import { BASE_URL, DEMO_PASSWORD, launch, login, newPage } from './browser';
import { PHONE } from './fixtures';

// A secretary no other browser test logs in as (Brokopondo plays in the Eerste klasse);
// the demo password is set back at the end all the same.
const EMAIL = 'secretaris@brokopondo.nl';
const NEW_PASSWORD = 'brokopondo-nieuw-2026';

async function loginWith(page: Page, password: string): Promise<void> {
  await page.goto(`${BASE_URL}/inloggen`);
  await page.getByLabel('E-mailadres').fill(EMAIL);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
}

async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await page.getByRole('link', { name: 'Wachtwoord', exact: true }).click();
  await page.getByRole('heading', { name: 'Wachtwoord wijzigen' }).waitFor();
  await page.getByLabel('Huidig wachtwoord', { exact: true }).fill(current);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(next);
  await page.getByLabel('Herhaal nieuw wachtwoord', { exact: true }).fill(next);
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await page.getByRole('status').filter({ hasText: 'Uw wachtwoord is gewijzigd.' }).waitFor();
}

describe('account: changing one’s own password', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('changes the password on a phone, logs out the other device, and logs in with the new one', async () => {
    const phone = await newPage(browser, PHONE);
    const laptop = await newPage(browser);
    await login(phone.page, EMAIL);
    await login(laptop.page, EMAIL);

    // a wrong current password is refused next to its field
    await phone.page.getByRole('link', { name: 'Wachtwoord', exact: true }).click();
    await phone.page.getByLabel('Huidig wachtwoord', { exact: true }).fill('niet-mijn-wachtwoord');
    await phone.page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
    await phone.page.getByLabel('Herhaal nieuw wachtwoord', { exact: true }).fill(NEW_PASSWORD);
    await phone.page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
    await phone.page.getByText('Het huidige wachtwoord klopt niet.').first().waitFor();

    await changePassword(phone.page, DEMO_PASSWORD, NEW_PASSWORD);
    // the form fits the phone's screen
    expect(await phone.page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // the phone stays logged in, the laptop's session has ended
    await phone.page.goto(`${BASE_URL}/vereniging`);
    await phone.page.getByRole('heading', { name: 'Brokopondo' }).waitFor();
    await laptop.page.goto(`${BASE_URL}/vereniging`);
    await laptop.page.waitForURL((url) => url.pathname.startsWith('/inloggen'));

    // the old password no longer works, the new one does
    await loginWith(laptop.page, DEMO_PASSWORD);
    await laptop.page.getByRole('alert').filter({ hasText: 'E-mailadres of wachtwoord klopt niet.' }).waitFor();
    await loginWith(laptop.page, NEW_PASSWORD);
    await laptop.page.waitForURL((url) => !url.pathname.startsWith('/inloggen'));
    await laptop.page.getByRole('heading', { name: 'Brokopondo' }).waitFor();

    // back to the demo password, for whoever comes next
    await changePassword(laptop.page, NEW_PASSWORD, DEMO_PASSWORD);
    await phone.context.close();
    await laptop.context.close();
  });
});
