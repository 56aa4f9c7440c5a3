import type { Browser } from 'playwright-core';
import { BASE_URL, launch, login, newPage } from './browser';

describe('dashboard foundation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser.close());

  it('shows the demo season on the public home page', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(BASE_URL);
    await page.getByRole('heading', { name: 'Seizoen 2026/2027' }).waitFor();
    await page.getByRole('heading', { name: 'Hoofdklasse' }).waitFor();
    expect(await page.getByRole('list', { name: 'Teams in Hoofdklasse' }).getByRole('listitem').count()).toBe(6);
    await context.close();
  });

  it('lets an administrator log in, create a club and see it listed', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin@tsbn.nl');
    await page.getByRole('link', { name: 'Verenigingen' }).first().click();
    await page.getByRole('heading', { name: 'Verenigingen' }).waitFor();
    const name = `Troefclub Moengo ${Date.now()}`;
    await page.getByLabel('Naam').fill(name);
    await page.getByLabel('Plaats').fill('Lelystad');
    await page.getByRole('button', { name: 'Vereniging toevoegen' }).click();
    await page.getByRole('status').filter({ hasText: 'Vereniging toegevoegd.' }).waitFor();
    await page.getByRole('link', { name }).waitFor();
    await page.reload();
    expect(await page.getByRole('link', { name }).isVisible()).toBe(true);
    await context.close();
  });

  it('shows a validation message next to the field', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'admin@tsbn.nl');
    await page.goto(`${BASE_URL}/beheer/verenigingen`);
    await page.getByRole('button', { name: 'Vereniging toevoegen' }).click();
    await page.getByText('Dit veld is verplicht.').first().waitFor();
    await context.close();
  });

  it('shows a secretary their club and refuses the administrator area', async () => {
    const { context, page } = await newPage(browser);
    await login(page, 'secretaris@paramaribo-boys.nl');
    await page.getByRole('heading', { name: 'Paramaribo Boys' }).waitFor();
    await page.goto(`${BASE_URL}/beheer`);
    await page.getByRole('heading', { name: 'Geen toegang' }).waitFor();
    await context.close();
  });
});
