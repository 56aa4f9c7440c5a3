/**
 * Turns an uploaded member list (CSV in any encoding clubs produce, or an Excel .xlsx
 * workbook) into a table of strings for domain/member-import.ts. No database, no
 * framework: bytes in, headers and rows out, or a MemberFileError with a Dutch message.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { ValidationError } from '../common/errors';

export interface UploadedFile {
  buffer: Buffer;
  originalName: string;
  /** Not trusted: browsers send text/csv, text/plain or application/vnd.ms-excel for the same CSV. The bytes decide. */
  mimeType?: string;
}

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';
export type CsvDelimiter = ';' | ',' | '\t';

export interface ParsedMemberFile {
  format: 'csv' | 'xlsx';
  /** The first row that is not blank, each header trimmed. */
  headers: string[];
  /** Every row after the header, blank rows included so row numbers stay as the user sees them. */
  rows: string[][];
  /** The header's row number in the file (1 unless the file starts with blank rows). */
  headerRowNumber: number;
  encoding?: CsvEncoding;
  delimiter?: CsvDelimiter;
  sheetName?: string;
}

export type MemberFileErrorCode = 'EMPTY_FILE' | 'UNSUPPORTED_FORMAT' | 'UNREADABLE_FILE' | 'NOT_A_TABLE';

export class MemberFileError extends ValidationError {
  declare readonly code: MemberFileErrorCode;

  constructor(code: MemberFileErrorCode, message: string) {
    super(message, undefined, code);
  }
}

const ACCEPTED = 'Lees de moederlijst in als CSV-bestand of als Excel-werkmap (.xlsx).';

export async function parseMemberFile(file: UploadedFile): Promise<ParsedMemberFile> {
  const { buffer, originalName } = file;
  if (buffer.toString('latin1').trim() === '') {
    throw new MemberFileError('EMPTY_FILE', `Het bestand '${originalName}' is leeg. ${ACCEPTED}`);
  }
  if (startsWith(buffer, ZIP)) return parseXlsx(buffer, originalName);
  refuseKnownNonTables(buffer, originalName);
  return parseCsvText(buffer, originalName);
}

// ---- format sniffing -------------------------------------------------------------------

const ZIP = [0x50, 0x4b, 0x03, 0x04]; // "PK\x03\x04": every .xlsx is a zip archive
const NOT_A_TABLE_SIGNATURES: { bytes: number[]; what: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'een PDF-bestand' }, // %PDF
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'een afbeelding (PNG)' },
  { bytes: [0xff, 0xd8, 0xff], what: 'een afbeelding (JPEG)' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'een afbeelding (GIF)' }, // GIF8
];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // old .xls / .doc
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];

function startsWith(buffer: Buffer, bytes: readonly number[]): boolean {
  return buffer.length >= bytes.length && bytes.every((byte, i) => buffer[i] === byte);
}

function refuseKnownNonTables(buffer: Buffer, name: string): void {
  const known = NOT_A_TABLE_SIGNATURES.find(({ bytes }) => startsWith(buffer, bytes));
  if (known) throw new MemberFileError('UNSUPPORTED_FORMAT', `'${name}' is ${known.what}, geen tabel. ${ACCEPTED}`);
  if (startsWith(buffer, OLE2)) {
    throw new MemberFileError(
      'UNSUPPORTED_FORMAT',
      `'${name}' is een Excel-bestand in het oude formaat (.xls). Open het in Excel of LibreOffice en sla het op als Excel-werkmap (.xlsx) of als CSV.`,
    );
  }
  const isUtf16 = startsWith(buffer, UTF16LE_BOM) || startsWith(buffer, UTF16BE_BOM);
  if (!isUtf16 && buffer.includes(0)) {
    throw new MemberFileError('UNSUPPORTED_FORMAT', `'${name}' is geen tekst- of Excel-bestand. ${ACCEPTED}`);
  }
}

// ---- CSV -------------------------------------------------------------------------------

function parseCsvText(buffer: Buffer, name: string): ParsedMemberFile {
  const { text, encoding } = decodeText(buffer, name);
  if (/^\s*</.test(text)) {
    // Some member administrations export "Excel" as an HTML table named .xls.
    const despiteName = /\.xlsx?$/i.test(name) ? ', ook al eindigt de naam op .xls' : '';
    throw new MemberFileError(
      'UNSUPPORTED_FORMAT',
      `'${name}' is een webpagina (HTML)${despiteName}. Open het in Excel of LibreOffice en sla het op als Excel-werkmap (.xlsx) of als CSV.`,
    );
  }
  const { body, delimiter } = splitDelimiter(text);
  const records = readCsvRecords(body, delimiter, name);
  return { format: 'csv', encoding, delimiter, ...splitHeader(records, name) };
}

/**
 * UTF-8 (with or without BOM) when the bytes are valid UTF-8, UTF-16 when it says so with
 * a BOM (Excel's "Unicode text"), otherwise Windows-1252: what Excel on Windows writes
 * for "CSV (gescheiden door lijstscheidingsteken)".
 */
function decodeText(buffer: Buffer, name: string): { text: string; encoding: CsvEncoding } {
  if (startsWith(buffer, UTF8_BOM)) {
    const text = strictUtf8(buffer.subarray(3));
    if (text === null) {
      throw new MemberFileError(
        'UNREADABLE_FILE',
        `'${name}' zegt UTF-8 te zijn maar bevat tekens die dat niet zijn, zodat namen verminkt zouden worden. Sla de lijst opnieuw op als "CSV UTF-8".`,
      );
    }
    return { text, encoding: 'utf-8-bom' };
  }
  if (startsWith(buffer, UTF16LE_BOM)) return { text: iconv.decode(buffer.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  if (startsWith(buffer, UTF16BE_BOM)) return { text: iconv.decode(buffer.subarray(2), 'utf-16be'), encoding: 'utf-16be' };
  const utf8 = strictUtf8(buffer);
  return utf8 === null ? { text: iconv.decode(buffer, 'windows-1252'), encoding: 'windows-1252' } : { text: utf8, encoding: 'utf-8' };
}

function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

const SEP_LINE = /^"?sep=([;,\t])"?[ \t]*(?:\r\n|\n|\r|$)/i;

/** Excel's optional first line "sep=;" names the delimiter; otherwise the header line decides. */
function splitDelimiter(text: string): { body: string; delimiter: CsvDelimiter } {
  const sep = SEP_LINE.exec(text);
  if (sep) return { body: text.slice(sep[0].length), delimiter: sep[1] as CsvDelimiter };
  return { body: text, delimiter: detectDelimiter(text) };
}

const DELIMITERS: readonly CsvDelimiter[] = [';', '\t', ',']; // on a tie, the first wins: Dutch Excel writes ';'

/** The delimiter that occurs most often outside quotes in the first line that is not blank. */
export function detectDelimiter(text: string): CsvDelimiter {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let inQuotes = false;
  let seenContent = false;
  for (const char of text) {
    if (char === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (char === '\n' || char === '\r')) {
      if (seenContent) break;
    } else if (!inQuotes && counts.has(char)) counts.set(char, counts.get(char)! + 1);
    if (char.trim() !== '') seenContent = true;
  }
  return DELIMITERS.reduce((best, d) => (counts.get(d)! > counts.get(best)! ? d : best));
}

function readCsvRecords(body: string, delimiter: CsvDelimiter, name: string): string[][] {
  try {
    return parseCsv(body, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }) as string[][];
  } catch (error) {
    throw new MemberFileError('UNREADABLE_FILE', csvErrorMessage(error, name));
  }
}

function csvErrorMessage(error: unknown, name: string): string {
  const { code, lines } = error as { code?: string; lines?: number };
  const where = lines ? ` (rond regel ${lines})` : '';
  if (code === 'CSV_QUOTE_NOT_CLOSED') {
    return `'${name}' kan niet worden gelezen: een aanhalingsteken (") wordt niet afgesloten${where}. Controleer die regel en sla de lijst opnieuw op.`;
  }
  return `'${name}' kan niet als CSV-bestand worden gelezen${where}. ${ACCEPTED}`;
}

// ---- XLSX ------------------------------------------------------------------------------

async function parseXlsx(buffer: Buffer, name: string): Promise<ParsedMemberFile> {
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type; an ArrayBuffer copy satisfies it and JSZip alike.
    await workbook.xlsx.load(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
  } catch {
    throw new MemberFileError(
      'UNSUPPORTED_FORMAT',
      `'${name}' is een zip-bestand maar geen Excel-werkmap die gelezen kan worden (misschien een OpenDocument- of Word-bestand). Sla de lijst op als Excel-werkmap (.xlsx) of als CSV.`,
    );
  }
  const sheet = workbook.worksheets.find((ws) => ws.state === 'visible' && worksheetRows(ws).some((row) => !isBlank(row)));
  if (!sheet) throw new MemberFileError('EMPTY_FILE', `De Excel-werkmap '${name}' bevat geen ingevulde cellen.`);
  return { format: 'xlsx', sheetName: sheet.name, ...splitHeader(worksheetRows(sheet), name) };
}

/** Rows 1..last as strings, so that index + 1 is the row number Excel shows. */
function worksheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const width = sheet.columnCount;
  return Array.from({ length: sheet.rowCount }, (_, r) => {
    const row = sheet.getRow(r + 1);
    return Array.from({ length: width }, (_, c) => cellText(row.getCell(c + 1).value));
  });
}

const PLAIN_NUMBER = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/** A cell as the user reads it: dates as yyyy-mm-dd, numbers without exponent, formulas by their result. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value).toString() : PLAIN_NUMBER.format(value);
  if (typeof value === 'boolean') return value ? 'WAAR' : 'ONWAAR';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result);
  if ('error' in value) return value.error;
  return '';
}

// ---- shared ----------------------------------------------------------------------------

function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/** The first row that is not blank is the header; a member list needs at least two columns. */
function splitHeader(records: string[][], name: string): Pick<ParsedMemberFile, 'headers' | 'rows' | 'headerRowNumber'> {
  const headerIndex = records.findIndex((record) => !isBlank(record));
  if (headerIndex < 0) throw new MemberFileError('EMPTY_FILE', `Het bestand '${name}' bevat alleen lege regels. ${ACCEPTED}`);
  const headers = records[headerIndex].map((header) => header.trim());
  const filled = headers.filter((header) => header !== '');
  if (filled.length < 2) {
    throw new MemberFileError(
      'NOT_A_TABLE',
      `In '${name}' staat in de eerste regel maar één kolom ('${filled[0]}'). Een moederlijst heeft kolommen voor ` +
        'lidnummer, achternaam en voornamen, gescheiden door een puntkomma, komma of tab, of in aparte kolommen van een Excel-werkmap.',
    );
  }
  return { headers, rows: records.slice(headerIndex + 1), headerRowNumber: headerIndex + 1 };
}
