import { NEWER_DATABASE_EXIT_CODE, newerDatabaseMessage, unknownMigrations } from './migrations';

/**
 * At the API's start: a database with migrations this code does not know (a newer database than
 * the code, e.g. after going back to an older version) is refused with a Dutch message and exit
 * code 78 (EX_CONFIG: starting again does not help). An unreachable database is not refused here:
 * the API starts and answers 503 until it is back.
 */
export async function refuseNewerDatabase(
  url: string | undefined = process.env.DATABASE_URL,
  exit: (code: number) => void = (code) => process.exit(code),
  log: (message: string) => void = (message) => console.error(message),
): Promise<boolean> {
  if (!url) return false;
  const unknown = await unknownMigrations(url).catch(() => []);
  if (!unknown.length) return false;
  log(`[tsbn] ${newerDatabaseMessage(unknown).replaceAll('\n', '\n[tsbn] ')}`);
  exit(NEWER_DATABASE_EXIT_CODE);
  return true;
}
