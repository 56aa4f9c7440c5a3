/**
 * Table codes of a match night (Regel 15 at the table): a short code per table that a phone
 * opens by QR code or types by hand. Ten characters of an alphabet without look-alikes
 * (no 0/O, 1/I/L): 31^10 ≈ 8·10^14 codes, so guessing one is hopeless behind the rate limit.
 */
import { randomInt } from 'node:crypto';
import { addDays, type IsoDate } from '../domain/dates';
import { localInstant } from '../matches/match-row';

export const TABLE_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TABLE_CODE_LENGTH = 10;

/** The evening ends at this local time on the day after the match (Europe/Amsterdam). */
export const NIGHT_ENDS_AT_LOCAL_TIME = '06:00';

const VALID = new RegExp(`^[${TABLE_CODE_ALPHABET}]{${TABLE_CODE_LENGTH}}$`);

/** A fresh code; `random(n)` gives a whole number 0 … n−1 (crypto.randomInt by default, for tests a fixed one). */
export function generateTableCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < TABLE_CODE_LENGTH; i++) code += TABLE_CODE_ALPHABET[random(TABLE_CODE_ALPHABET.length)];
  return code;
}

/**
 * The code as stored, from what a person typed or a QR code carried: case, spaces and
 * dashes do not count ("abcde-fghjk" is "ABCDEFGHJK"). Null when it cannot be a code.
 */
export function normalizeTableCode(input: string): string | null {
  if (input.length > 40) return null;
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return VALID.test(code) ? code : null;
}

/** "ABCDE-FGHJK": how a code is printed and shown, easier to read out and type. */
export function formatTableCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** When the table codes of a match on `date` stop working: 06:00 Europe/Amsterdam the next day. */
export function nightEndsAt(date: IsoDate): Date {
  return localInstant(addDays(date, 1), NIGHT_ENDS_AT_LOCAL_TIME);
}

/** The page a phone opens for a table: `${origin}/tafel/${code}`. */
export function tableUrl(origin: string, code: string): string {
  return `${origin.replace(/\/+$/, '')}/tafel/${code}`;
}

/** "woensdag 25 november 2026 om 06:00" in the federation's time zone. */
export function dutchInstant(instant: Date): string {
  const date = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Amsterdam' }).format(instant);
  const time = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Amsterdam' }).format(instant);
  return `${date} om ${time}`;
}
