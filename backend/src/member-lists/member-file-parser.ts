/**
 * Turns an uploaded member list (CSV in any encoding clubs produce, or an Excel .xlsx
 * workbook) into a table of strings for domain/member-import.ts. No database, no
 * framework: bytes in, headers and rows out, or a MemberFileError with a Dutch message.
 *
 * The API runs this in a worker thread with a time and memory budget (member-file-reader.ts);
 * the limits below keep a small file from growing into a large one while it is read.
 */
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { restoreNeutralised } from '../common/csv';
import { AppError, ErrorDetail, ValidationError } from '../common/errors';

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
  /** Other visible worksheets that hold data too (only the first is read): the preview says so. */
  otherSheets?: string[];
}

export type MemberFileErrorCode = 'EMPTY_FILE' | 'UNSUPPORTED_FORMAT' | 'UNREADABLE_FILE' | 'NOT_A_TABLE';

export class MemberFileError extends ValidationError {
  declare readonly code: MemberFileErrorCode;

  constructor(code: MemberFileErrorCode, message: string) {
    super(message, undefined, code);
  }
}

const ACCEPTED = 'Lees de moederlijst in als CSV-bestand of als Excel-werkmap (.xlsx).';

/**
 * What one upload may grow into while it is read. A club's list has a few hundred rows; the
 * bench reads 10,000. An .xlsx of 20,000 such rows unpacks to about 7 MB.
 */
export const MEMBER_FILE_LIMITS = {
  /** Rows of the file (the header and blank rows included): twice the largest list we measure. */
  rows: 20_000,
  /** Columns with a value; a member list needs five. */
  columns: 200,
  /** Cells in all sheets of a workbook together (20,000 rows of 20 columns). */
  cells: 400_000,
  /** Everything in a workbook, unpacked: the declared sizes and what actually comes out. */
  unpackedBytes: 32 * 1024 * 1024,
  /** Parts (files) inside a workbook; Excel writes about a dozen. */
  zipEntries: 1_000,
} as const;

export type MemberFileLimitCode = 'WORKBOOK_TOO_LARGE' | 'TOO_MANY_ROWS' | 'TOO_MANY_COLUMNS' | 'TOO_MANY_CELLS' | 'FILE_TOO_COMPLEX';

/** A file larger inside than a member list can be: 413 (422 when reading it took too long), nothing read. */
export class MemberFileLimitError extends AppError {
  declare readonly code: MemberFileLimitCode;

  constructor(code: MemberFileLimitCode, message: string, details?: ErrorDetail[], status = 413) {
    super(status, code, message, details);
  }
}

const dutchNumber = (n: number) => new Intl.NumberFormat('nl-NL').format(n);
const MB = 1024 * 1024;
const SAVE_SMALLER = 'Sla alleen het tabblad met de leden op als nieuwe Excel-werkmap of als CSV en lees dat in.';

function tooManyRows(name: string, format: 'csv' | 'xlsx'): MemberFileLimitError {
  const max = MEMBER_FILE_LIMITS.rows;
  const advice = format === 'xlsx' ? SAVE_SMALLER : 'Laat alleen de leden van deze vereniging in het bestand staan.';
  return new MemberFileLimitError(
    'TOO_MANY_ROWS',
    `'${name}' heeft meer dan ${dutchNumber(max)} regels; een moederlijst mag er hoogstens ${dutchNumber(max)} hebben. Laat lege regels en andere lijsten weg. ${advice}`,
    [{ row: max + 1, code: 'TOO_MANY_ROWS', message: `Rij ${dutchNumber(max + 1)}: meer regels dan een moederlijst mag hebben (hoogstens ${dutchNumber(max)})` }],
  );
}

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
  if (records.length > MEMBER_FILE_LIMITS.rows) throw tooManyRows(name, 'csv');
  // A field our own download neutralised ('=…) is read back as it was (common/csv.ts).
  const restored = records.map((record) => record.map(restoreNeutralised));
  return { format: 'csv', encoding, delimiter, ...splitHeader(restored, name) };
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
      to: MEMBER_FILE_LIMITS.rows + 1, // one more than allowed: enough to refuse, no more
    }) as string[][];
  } catch (error) {
    throw new MemberFileError('UNREADABLE_FILE', csvErrorMessage(error, body, delimiter, name));
  }
}

/**
 * The line on which the quoted field that never closes opens. csv-parse reports the line where
 * it gave up, the end of the file, which is no help to a secretary looking for the quote. A
 * quote opens a field only at its start (elsewhere it is a plain character, as relax_quotes
 * reads it); inside, "" is one quote, and a quote followed by the separator, a line end or
 * the end of the file closes the field.
 */
export function unclosedQuoteLine(body: string, delimiter: string): number | null {
  const isLineEnd = (i: number) => body[i] === '\n' || (body[i] === '\r' && body[i + 1] !== '\n');
  let line = 1;
  let fieldStart = true;
  let i = 0;
  while (i < body.length) {
    if (!(fieldStart && body[i] === '"')) {
      if (isLineEnd(i)) line++;
      fieldStart = body[i] === delimiter || body[i] === '\n' || body[i] === '\r';
      i++;
      continue;
    }
    const opened = line;
    for (i++; ; i++) {
      if (i >= body.length) return opened;
      if (isLineEnd(i)) line++;
      else if (body[i] === '"' && body[i + 1] === '"') i++;
      else if (body[i] === '"' && (i + 1 >= body.length || [delimiter, '\r', '\n'].includes(body[i + 1]))) break;
    }
    i++; // past the closing quote
    fieldStart = false;
  }
  return null;
}

function csvErrorMessage(error: unknown, body: string, delimiter: string, name: string): string {
  const { code, lines } = error as { code?: string; lines?: number };
  const where = lines ? ` (rond regel ${lines})` : '';
  if (code === 'CSV_QUOTE_NOT_CLOSED') {
    const opened = unclosedQuoteLine(body, delimiter);
    const at = opened === null ? where : ` (het aanhalingsteken in regel ${opened})`;
    return `'${name}' kan niet worden gelezen: een aanhalingsteken (") wordt niet afgesloten${at}. Controleer die regel en sla de lijst opnieuw op.`;
  }
  return `'${name}' kan niet als CSV-bestand worden gelezen${where}. ${ACCEPTED}`;
}

// ---- XLSX ------------------------------------------------------------------------------

async function parseXlsx(buffer: Buffer, name: string): Promise<ParsedMemberFile> {
  await checkWorkbookSize(buffer, name);
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type; an ArrayBuffer copy satisfies it and JSZip alike.
    await workbook.xlsx.load(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
  } catch {
    throw notAWorkbook(name);
  }
  const filled = workbook.worksheets.filter((ws) => ws.state === 'visible' && worksheetRows(ws, name).some((row) => !isBlank(row)));
  const [sheet, ...others] = filled;
  if (!sheet) throw new MemberFileError('EMPTY_FILE', `De Excel-werkmap '${name}' bevat geen ingevulde cellen.`);
  return { format: 'xlsx', sheetName: sheet.name, ...(others.length ? { otherSheets: others.map((ws) => ws.name) } : {}), ...splitHeader(worksheetRows(sheet, name), name) };
}

function notAWorkbook(name: string): MemberFileError {
  return new MemberFileError(
    'UNSUPPORTED_FORMAT',
    `'${name}' is een zip-bestand maar geen Excel-werkmap die gelezen kan worden (misschien een OpenDocument- of Word-bestand). Sla de lijst op als Excel-werkmap (.xlsx) of als CSV.`,
  );
}

function workbookTooLarge(name: string, part: string, what: string): MemberFileLimitError {
  return new MemberFileLimitError(
    'WORKBOOK_TOO_LARGE',
    `De Excel-werkmap '${name}' is uitgepakt veel groter dan een moederlijst kan zijn (hoogstens ${MEMBER_FILE_LIMITS.unpackedBytes / MB} MB); er is niets gelezen. ${SAVE_SMALLER}`,
    [{ field: 'file', code: 'WORKBOOK_TOO_LARGE', message: `${part}: ${what}` }],
  );
}

const ROW_ELEMENT = /<(?:[\w.-]+:)?row[\s/>]/g;
const CELL_ELEMENT = /<(?:[\w.-]+:)?c[\s/>]/g;
const WORKSHEET_PART = /^xl\/worksheets\/[^/]+\.xml$/i;

/**
 * A workbook is a zip archive, and exceljs unpacks every part of it into memory. Before it
 * does, the archive's own list of parts is checked (how many, and the unpacked sizes they
 * declare), then every part is really unpacked and counted (yauzl stops a part that unpacks to
 * more than it declared, and we stop at the limit), and the rows and cells of every worksheet
 * are counted. Only a workbook within all limits reaches exceljs.
 */
async function checkWorkbookSize(buffer: Buffer, name: string): Promise<void> {
  const limits = MEMBER_FILE_LIMITS;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  } catch {
    throw notAWorkbook(name);
  }
  try {
    if (zip.entryCount > limits.zipEntries) throw workbookTooLarge(name, 'Werkmap', `${dutchNumber(zip.entryCount)} onderdelen (hoogstens ${dutchNumber(limits.zipEntries)})`);
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      if (declared > limits.unpackedBytes) {
        throw workbookTooLarge(name, entry.fileName, `zegt uitgepakt ${Math.round(entry.uncompressedSize / MB)} MB te zijn (de hele werkmap mag hoogstens ${limits.unpackedBytes / MB} MB zijn)`);
      }
      if (!entry.fileName.endsWith('/')) entries.push(entry);
    }
    let unpacked = 0;
    let cells = 0;
    for (const entry of entries) {
      const isSheet = WORKSHEET_PART.test(entry.fileName);
      const chunks: Buffer[] = [];
      let stream: Readable;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw notAWorkbook(name);
      }
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          unpacked += chunk.length;
          if (unpacked > limits.unpackedBytes) {
            throw workbookTooLarge(name, entry.fileName, `pakt uit tot meer dan ${limits.unpackedBytes / MB} MB`);
          }
          if (isSheet) chunks.push(chunk);
        }
      } catch (error) {
        stream.destroy();
        if (error instanceof AppError) throw error;
        // yauzl: the part unpacks to more (or less) than it declares, or its data is damaged.
        throw workbookTooLarge(name, entry.fileName, 'pakt uit tot een andere grootte dan het zelf aangeeft');
      }
      if (!isSheet) continue;
      const xml = Buffer.concat(chunks).toString('latin1');
      const rows = xml.match(ROW_ELEMENT)?.length ?? 0;
      if (rows > limits.rows) throw tooManyRows(name, 'xlsx');
      cells += xml.match(CELL_ELEMENT)?.length ?? 0;
      if (cells > limits.cells) {
        throw new MemberFileLimitError(
          'TOO_MANY_CELLS',
          `De Excel-werkmap '${name}' heeft meer dan ${dutchNumber(limits.cells)} cellen; zo groot is een moederlijst nooit. ${SAVE_SMALLER}`,
          [{ field: 'file', code: 'TOO_MANY_CELLS', message: `${entry.fileName}: meer dan ${dutchNumber(limits.cells)} cellen in de werkmap` }],
        );
      }
    }
  } finally {
    zip.close();
  }
}

/** Rows 1..the last with a value, as strings, so that index + 1 is the row number Excel shows. */
function worksheetRows(sheet: ExcelJS.Worksheet, name: string): string[][] {
  // Only cells with a value count: a sheet formatted down to row 1,048,576 is not that long.
  let height = 0;
  let width = 0;
  sheet.eachRow((row, rowNumber) => {
    height = rowNumber;
    row.eachCell((_, columnNumber) => {
      width = Math.max(width, columnNumber);
    });
  });
  if (height > MEMBER_FILE_LIMITS.rows) throw tooManyRows(name, 'xlsx');
  if (width > MEMBER_FILE_LIMITS.columns) {
    throw new MemberFileLimitError(
      'TOO_MANY_COLUMNS',
      `Tabblad '${sheet.name}' van '${name}' heeft gegevens in kolom ${dutchNumber(width)}; een moederlijst heeft hoogstens ${MEMBER_FILE_LIMITS.columns} kolommen. ${SAVE_SMALLER}`,
      [{ field: 'file', code: 'TOO_MANY_COLUMNS', message: `Tabblad '${sheet.name}': gegevens in kolom ${dutchNumber(width)} (hoogstens ${MEMBER_FILE_LIMITS.columns})` }],
    );
  }
  return Array.from({ length: height }, (_, r) => {
    const row = sheet.getRow(r + 1);
    return Array.from({ length: width }, (_, c) => {
      const cell = row.getCell(c + 1);
      return cellText(cell.value, cell.numFmt);
    });
  });
}

const PLAIN_NUMBER = new Intl.NumberFormat('en-US', { useGrouping: false, maximumFractionDigits: 20 });

/** A number format that writes a whole number with leading zeros: "000000", "0000000;@". */
const ZERO_PADDED = /^(0+)(?:;@)?$/;

/**
 * A cell as the user reads it: dates as yyyy-mm-dd, numbers without exponent, formulas by
 * their result. A whole number in a zero-padded format ("000000") keeps the zeros the
 * spreadsheet shows: member number 0010234 stays 0010234.
 */
export function cellText(value: ExcelJS.CellValue, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) return PLAIN_NUMBER.format(value);
    const digits = BigInt(value).toString();
    const padded = numFmt === undefined ? null : ZERO_PADDED.exec(numFmt);
    return padded && value >= 0 ? digits.padStart(padded[1].length, '0') : digits;
  }
  if (typeof value === 'boolean') return value ? 'WAAR' : 'ONWAAR';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('hyperlink' in value) return cellText(value.text as ExcelJS.CellValue);
  if ('formula' in value || 'sharedFormula' in value) return cellText(value.result, numFmt);
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
