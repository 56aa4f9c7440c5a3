// The table's phone in the browser tests (offline.e2e.ts, new-table-code.e2e.ts): the table as
// the API answers it, the commands the API stored for it, and the steps a pair takes.
import type { Page } from 'playwright-core';
import { Client } from 'pg';
import { BASE_URL } from './browser';

export interface TableSet {
  setNumber: number;
  state: string;
  homePoints: number | null;
  awayPoints: number | null;
  signedBySide: string | null;
  refusalComment: string | null;
}

/** GET /api/table/{code}: its status, and the sets when it answered (none for a code that no longer works). */
export async function tableView(code: string): Promise<{ status: number; sets: TableSet[] }> {
  const res = await fetch(`${BASE_URL}/api/table/${code}`);
  return { status: res.status, sets: res.ok ? ((await res.json()) as { sets: TableSet[] }).sets : [] };
}

/** The commands the API stored for one table of the match (the command log, one row per command applied). */
export async function storedCommands(matchId: string, tableNumber: number): Promise<{ kind: string; payload: { setNumber: number; signedBy?: string } }[]> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query('select kind, payload from match_commands where "matchId" = $1 and actor = $2 order by "createdAt"', [matchId, `table:${tableNumber}`]);
    return rows;
  } finally {
    await db.end();
  }
}

/** Open the table's page online and wait until the worker keeps it (and its files) for offline use. */
export async function openTable(page: Page, code: string, tableNumber: number): Promise<void> {
  await page.goto(`${BASE_URL}/tafel/${code}`);
  await page.getByText(`Tafel ${tableNumber}`, { exact: true }).waitFor();
  await page.waitForSelector('html[data-offline-ready="true"]', { state: 'attached' });
}

/** Game `n` of the set on screen: who gets the points ('Gewonnen'). */
export async function winGame(page: Page, n: number, side: 'Thuis' | 'Uit'): Promise<void> {
  await page.getByRole('group', { name: `Partij ${n}: punten voor` }).getByRole('button', { name: new RegExp(`^${side}`) }).click();
  await page.getByRole('group', { name: `Partij ${n}: hoe` }).getByRole('button', { name: /^Gewonnen \d/ }).click();
}

/** The home pair saves the set on screen, the away pair signs it. */
export async function saveAndSign(page: Page, setNumber: number): Promise<void> {
  await page.getByRole('group', { name: 'Ingevoerd door' }).getByRole('button', { name: /^Thuis/ }).click();
  await page.getByRole('button', { name: `Set ${setNumber} opslaan` }).click();
  await page.getByRole('heading', { name: 'Controleren en ondertekenen' }).waitFor();
  await page.getByRole('button', { name: 'Ondertekenen als uitkoppel' }).click();
  await page.getByRole('alertdialog', { name: 'Ondertekenen' }).getByRole('button', { name: 'Ja, ondertekenen' }).click();
  await page.getByRole('button', { name: `Set ${setNumber}: Ondertekend` }).waitFor();
}

/** Enter set `setNumber` game by game (`winners`: who wins each game), then the away pair signs. */
export async function enterAndSign(page: Page, setNumber: number, winners: ('Thuis' | 'Uit')[]): Promise<void> {
  await page.getByRole('button', { name: `Set ${setNumber}: Nog niet ingevoerd` }).click();
  for (const [i, side] of winners.entries()) await winGame(page, i + 1, side);
  await saveAndSign(page, setNumber);
}
