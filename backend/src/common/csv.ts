/**
 * The one CSV writer for every file the system exports (member list, fixture list, fines
 * statement), and the reader's half of its convention.
 *
 * - Written the way Dutch Excel opens it: UTF-8 with BOM, `;`, CRLF; quoting by csv-stringify
 *   (a field with `;`, `"`, CR or LF is quoted, quotes doubled).
 * - Formula neutralisation (OWASP "CSV injection"): a text field that begins with `=`, `+`, `-`,
 *   `@`, tab or CR gets a leading `'`, so a spreadsheet shows it as text and never runs it.
 *   Text that already begins with apostrophes followed by one of those characters gets one more,
 *   so that the reader can always take exactly one off again.
 * - `restoreNeutralised` undoes it on upload: it removes one `'` only when apostrophes are
 *   followed by one of those characters, so any other value (`'t Hoen`, `'`, `O'Neil`) is read
 *   exactly as written, and whatever this writer wrote comes back unchanged.
 *
 * Numbers are written as they are (a negative round or count is not a formula).
 */
import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | null | undefined;

const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/** `=1+1` → `'=1+1`; `'=1+1` → `''=1+1`; anything else unchanged. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The reader's inverse of neutraliseFormula: `'=1+1` → `=1+1`; `'t Hoen` stays. */
export function restoreNeutralised(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

/** Rows as a CSV file for Dutch Excel. An empty row is an empty line. */
export function toCsv(rows: readonly (readonly CsvValue[])[]): Buffer {
  const records = rows.map((row) => row.map((value) => (typeof value === 'string' ? neutraliseFormula(value) : (value ?? ''))));
  const text = stringify(records, { delimiter: ';', record_delimiter: 'windows', quoted_match: /[\r\n]/ });
  return Buffer.from(`\uFEFF${text}`, 'utf8');
}
