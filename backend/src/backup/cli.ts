/**
 * `npm run backup` and `npm run restore -- <file>` (scripts/backup.mjs and restore.mjs give this
 * program a DATABASE_URL: the shell's, or the embedded database of `npm start`).
 *
 *   backup                                   one backup now, into BACKUP_DIR (retention applies)
 *   restore <file> [--database <name>]       into a NEW database (default <current>_herstel_<date>)
 *   restore <file> --database <current> --vervang
 *                                            over an existing database: asks to type its name
 *                                            (or --bevestig <name> for a script)
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { backupDirectory, dayIn, runBackup } from './backup-runner';
import { repositoryRoot } from './migrations';
import { restoreBackup } from './restore';
import { retentionFromEnv } from './retention';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Tests only (backup.api.spec.ts kills a backup half-way): stop for ever after writing this table. */
function pauseAfter(table: string | undefined): ((written: string) => Promise<void>) | undefined {
  if (!table) return undefined;
  return async (written) => {
    if (written !== table) return;
    console.log(`PAUZE NA ${written}`);
    await new Promise(() => undefined);
  };
}

async function backup(url: string): Promise<number> {
  const directory = backupDirectory(repositoryRoot());
  const result = await runBackup({
    connectionString: url,
    directory,
    now: () => new Date(),
    trigger: 'manual',
    retention: retentionFromEnv(),
    dayOf: (moment) => dayIn(moment),
    onTable: pauseAfter(process.env.TSBN_BACKUP_PAUSE_AFTER_TABLE),
  });
  if (result.outcome === 'busy') {
    console.error('Er loopt al een back-up (van de nachtelijke taak of een ander commando). Probeer het over een paar minuten opnieuw.');
    return 75;
  }
  if (result.outcome !== 'made') {
    console.error(`Back-up mislukt: ${result.error?.message}`);
    return 1;
  }
  const rows = result.summary!.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(`Back-up gemaakt: ${result.file}`);
  console.log(`  ${megabytes(result.sizeBytes!)}, ${result.summary!.tables.length} tabellen, ${rows} rijen, migratieniveau ${result.summary!.header.migrations.at(-1)?.migration_name ?? '-'}.`);
  if (result.deleted?.length) console.log(`  Oude back-ups verwijderd (bewaartermijn): ${result.deleted.join(', ')}`);
  return 0;
}

async function restore(url: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { database: { type: 'string' }, vervang: { type: 'boolean', default: false }, bevestig: { type: 'string' } },
  });
  const file = positionals[0];
  if (!file) {
    console.error('Gebruik: npm run restore -- <back-upbestand> [--database <nieuwe naam>]');
    return 2;
  }
  const current = decodeURIComponent(new URL(url).pathname.slice(1));
  const stamp = new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '').replace(/^(\d{8})/, '$1_');
  const database = values.database ?? `${current}_herstel_${stamp}`;
  if (values.vervang) {
    console.log(`Let op: database "${database}" wordt VERVANGEN door de back-up; alles wat er nu in staat, verdwijnt.${database === current ? ' Dit is de database waarmee het programma nu werkt: stop de API eerst (Ctrl+C bij npm start).' : ''}`);
    let answer = values.bevestig;
    if (answer === undefined) {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      answer = (await rl.question(`Typ de naam van de database ("${database}") om door te gaan: `)).trim();
      rl.close();
    }
    if (answer !== database) {
      console.error('Niet bevestigd; er is niets veranderd.');
      return 1;
    }
  } else if (database === current) {
    console.error(`"${database}" is de database waarmee het programma werkt. Herstellen gaat in een nieuwe database; wie hem echt wil vervangen, geeft --vervang mee en bevestigt.`);
    return 2;
  }
  console.log(`Back-up controleren en terugzetten in database "${database}" …`);
  const result = await restoreBackup({ file, serverUrl: url, database, replace: values.vervang });
  const c = result.counts;
  console.log(`Hersteld in database "${database}" (back-up van ${result.summary.header.createdAt}):`);
  console.log(`  ${c.seasons} seizoenen, ${c.matches} wedstrijden, ${c.members} leden, ${c.clubs} verenigingen, ${c.fines} boetes.`);
  console.log(`  Alle ${result.summary.tables.length} tabellen gecontroleerd: aantallen en controlesommen gelijk aan de back-up.`);
  if (result.upgradedBy.length) console.log(`  Daarna bijgewerkt met de nieuwere migraties: ${result.upgradedBy.join(', ')}.`);
  if (database !== current) console.log(`  Werken met deze database: zet DATABASE_URL=${result.url.replace(/\/\/([^:@]+):[^@]*@/, '//$1:***@')} (in .env) en start opnieuw.`);
  return 0;
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL ontbreekt.');
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup') return backup(url);
  if (command === 'restore') return restore(url, args);
  console.error('Gebruik: cli.ts backup | restore <bestand>');
  return 2;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
