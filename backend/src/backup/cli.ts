/**
 * `npm run backup` and `npm run restore -- <file>` (scripts/backup.mjs and restore.mjs give this
 * program the DATABASE_URL of this installation: its env file's, or its own embedded cluster's,
 * and TSBN_DATABASE_SOURCE = "embedded" or "env").
 *
 *   backup [--soort handmatig|voor-upgrade|voor-herstel]
 *                                            one backup now, into BACKUP_DIR (retention applies);
 *                                            the kind is in its file name (default handmatig);
 *                                            prints "Back-up gemaakt: <file>" (upgrade.mjs reads it)
 *   restore <file> [--database <name>]       into a NEW database (default <current>_herstel_<moment>)
 *   restore <file> --database <current> --vervang
 *                                            over an existing database: asks to type its name
 *                                            (or --bevestig <name> for a script); not confirmed
 *                                            (a wrong or empty answer, or no one to answer): exit 1
 *   restore --check [<file>]                 a restore drill (restore-drill.ts): into a scratch database,
 *                                            compared with the file, dropped; default the newest backup;
 *                                            exit 0 equal, 1 not, 75 another drill runs
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { backupDirectory, dayIn, runBackup, type RunOptions } from './backup-runner';
import { repositoryRoot } from './migrations';
import { restoreBackup, sideName } from './restore';
import { checkCommand } from './restore-drill';
import { BACKUP_KIND_WORDS, backupKindOfWord, retentionFromEnv, type BackupKind } from './retention';

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

/** The kinds `--soort` takes (the nightly one is the job's own). */
const CLI_KINDS: BackupKind[] = ['manual', 'before-upgrade', 'before-restore'];

function backupOptions(url: string, kind: BackupKind): RunOptions {
  return {
    connectionString: url,
    directory: backupDirectory(repositoryRoot()),
    now: () => new Date(),
    trigger: kind,
    retention: retentionFromEnv(),
    dayOf: (moment) => dayIn(moment),
    onTable: pauseAfter(process.env.TSBN_BACKUP_PAUSE_AFTER_TABLE),
  };
}

async function backup(url: string, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { soort: { type: 'string', default: BACKUP_KIND_WORDS.manual } } });
  const kind = backupKindOfWord(values.soort!);
  if (!kind || !CLI_KINDS.includes(kind)) {
    console.error(`Onbekende soort back-up "${values.soort}"; kies uit: ${CLI_KINDS.map((k) => BACKUP_KIND_WORDS[k]).join(', ')}.`);
    return 2;
  }
  const result = await runBackup(backupOptions(url, kind));
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
  if (result.offsite?.copy) console.log(`  Kopie buiten de server: ${result.offsite.copy.snapshotId} (${megabytes(result.offsite.copy.addedBytes)} toegevoegd, ${result.offsite.copy.seconds.toFixed(1)} s).`);
  // The backup on this server is good; the copy elsewhere failing is said, and exits 0 (an upgrade may go on).
  if (result.offsite?.error) console.log(`  LET OP: de kopie buiten de server mislukte: ${result.offsite.error}`);
  return 0;
}

/**
 * One line typed on stdin; null when nobody can answer (stdin closed, /dev/null, Ctrl-D): a
 * script without a terminal must never take the silence for a yes, nor exit 0.
 */
function askLine(question: string): Promise<string | null> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    let answered = false;
    rl.once('close', () => {
      if (!answered) {
        process.stdout.write('\n');
        resolve(null);
      }
    });
    rl.question(question, (answer) => {
      answered = true;
      rl.close();
      resolve(answer.trim());
    });
  });
}

/** How to make `npm start` (or the service) work with a restored database: said exactly, no password shown. */
function wayToUse(database: string): string[] {
  if (process.env.TSBN_DATABASE_SOURCE === 'embedded') {
    return [`  Werken met deze database: zet in .env de regel EMBEDDED_PG_DATABASE=${database} en start npm start opnieuw.`];
  }
  const envFile = process.env.TSBN_SERVER === '1' ? '/etc/tsbn/tsbn.env' : '.env';
  return [
    `  Werken met deze database: verander in DATABASE_URL (in ${envFile}) alleen de databasenaam, het deel na de laatste "/", in ${database}`,
    '  (gebruiker, wachtwoord en adres blijven zoals ze zijn), en start opnieuw.',
  ];
}

async function restore(url: string, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { database: { type: 'string' }, vervang: { type: 'boolean', default: false }, bevestig: { type: 'string' }, check: { type: 'boolean', default: false } },
  });
  const file = positionals[0];
  if (values.check) return checkCommand(url, file, { database: values.database, replace: values.vervang });
  if (!file) {
    console.error('Gebruik: npm run restore -- <back-upbestand> [--database <nieuwe naam>], of npm run restore -- --check [<back-upbestand>]');
    return 2;
  }
  const current = decodeURIComponent(new URL(url).pathname.slice(1));
  const now = new Date();
  const database = values.database ?? sideName(current, 'herstel', now);
  if (values.vervang) {
    console.log(`Let op: database "${database}" wordt VERVANGEN door de back-up. Eerst wordt de back-up ernaast opgebouwd en gecontroleerd; pas daarna wisselen de namen, en de huidige database blijft bewaard onder een naam met "_vervangen_".`);
    if (database === current) console.log('Dit is de database waarmee het programma nu werkt: stop de API eerst (Ctrl+C bij npm start), anders worden zijn verbindingen verbroken.');
    const answer = values.bevestig ?? (await askLine(`Typ de naam van de database ("${database}") om door te gaan: `));
    if (answer !== database) {
      console.error(answer === null ? 'Geen bevestiging (niemand om te antwoorden); er is niets veranderd.' : 'Niet bevestigd; er is niets veranderd.');
      return 1;
    }
  } else if (database === current) {
    console.error(`"${database}" is de database waarmee het programma werkt. Herstellen gaat in een nieuwe database; wie hem echt wil vervangen, geeft --vervang mee en bevestigt.`);
    return 2;
  }
  console.log(`Back-up controleren en terugzetten in database "${database}" …`);
  const result = await restoreBackup({
    file,
    serverUrl: url,
    database,
    replace: values.vervang,
    now: () => now,
    beforeSwap: async (targetUrl) => {
      // The database about to be replaced, as it is now: a backup of its own kind (retention keeps it apart).
      const made = await runBackup({ ...backupOptions(targetUrl, 'before-restore'), onTable: undefined }).catch((error: Error) => ({ outcome: 'failed' as const, error, file: undefined }));
      if (made.outcome === 'made') console.log(`  Back-up van de database vóór het vervangen: ${made.file}`);
      else console.log(`  Geen back-up van de database vóór het vervangen (${made.outcome === 'failed' ? made.error?.message : 'er liep al een back-up'}); hij blijft wel bewaard onder een andere naam.`);
    },
  });
  const c = result.counts;
  console.log(`Hersteld in database "${database}" (back-up van ${result.summary.header.createdAt}):`);
  console.log(`  ${c.seasons} seizoenen, ${c.matches} wedstrijden, ${c.members} leden, ${c.clubs} verenigingen, ${c.fines} boetes.`);
  console.log(`  Alle ${result.summary.tables.length} tabellen gecontroleerd: aantallen en controlesommen gelijk aan de back-up.`);
  if (result.upgradedBy.length) console.log(`  Daarna bijgewerkt met de nieuwere migraties: ${result.upgradedBy.join(', ')}.`);
  if (result.keptAs) console.log(`  De vervangen database is bewaard als "${result.keptAs}" (weggooien als u hem niet meer nodig hebt: DROP DATABASE "${result.keptAs}").`);
  if (database !== current) for (const line of wayToUse(database)) console.log(line);
  return 0;
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL ontbreekt.');
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup') return backup(url, args);
  if (command === 'restore') return restore(url, args);
  console.error('Gebruik: cli.ts backup [--soort …] | restore <bestand>');
  return 2;
}

// Whatever ends this process without an answer (an empty event loop, a promise that never
// settles) is a failure, never a silent 0.
process.exitCode = 1;
main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
