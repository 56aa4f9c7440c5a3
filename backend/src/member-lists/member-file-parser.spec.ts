import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { buildImportPreview, ExistingMember, ImportedMember, ImportError } from '../domain/member-import';
import { memberWorkbook, WorkbookSpec } from '../../test/fixtures/workbooks';
import { memberListCsv } from './member-list-export';
import type { MemberListEntryDto } from './member-list.dto';
import {
  cellText,
  unclosedQuoteLine,
  detectDelimiter,
  MEMBER_FILE_LIMITS,
  MemberFileError,
  MemberFileErrorCode,
  MemberFileLimitCode,
  MemberFileLimitError,
  parseMemberFile,
  ParsedMemberFile,
} from './member-file-parser';

const FIXTURES = join(__dirname, '../../test/fixtures/member-lists');
const expected = JSON.parse(readFileSync(join(FIXTURES, 'expected-names.json'), 'utf8')) as {
  members: ExistingMember[];
  withError: { file: string; errors: ImportError[]; memberWithoutNumber: string };
};

const readFixture = (name: string) => readFileSync(join(FIXTURES, name));
const parseFixture = (name: string) => parseMemberFile({ buffer: readFixture(name), originalName: name });
const parseBytes = (buffer: Buffer, originalName = 'leden.csv') => parseMemberFile({ buffer, originalName });
const parseText = (text: string, originalName = 'leden.csv') => parseBytes(Buffer.from(text, 'utf8'), originalName);

function preview(parsed: ParsedMemberFile) {
  return buildImportPreview(parsed, { existing: [], otherClubMembers: new Map() });
}

const withoutRow = ({ row: _row, ...member }: ImportedMember): ExistingMember => member;

async function xlsxBuffer(build: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('parseMemberFile on the fixtures', () => {
  test.each([
    ['moederlijst-windows1252.csv', { format: 'csv', encoding: 'windows-1252', delimiter: ';' }, []],
    ['moederlijst-utf8-bom.csv', { format: 'csv', encoding: 'utf-8-bom', delimiter: ',' }, ["Kolom 'Notes' (kolom 6) wordt genegeerd"]],
    ['moederlijst.xlsx', { format: 'xlsx', sheetName: 'moederlijst' }, ["Kolom 'Telefoon' (kolom 6) wordt genegeerd"]],
  ])('%s: all 12 names come through byte for byte', async (name, how, warnings) => {
    const parsed = await parseFixture(name);
    expect(parsed).toMatchObject({ ...how, headerRowNumber: 1 });
    const result = preview(parsed);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((w) => w.message)).toEqual(warnings);
    expect(result.members.map(withoutRow)).toEqual(expected.members);
    expect(result.members.map((m) => m.row)).toEqual(expected.members.map((_, i) => i + 2));
    for (const [i, member] of result.members.entries()) {
      expect(Buffer.from(member.familyName + member.givenNames, 'utf8')).toEqual(
        Buffer.from(expected.members[i].familyName + expected.members[i].givenNames, 'utf8'),
      );
    }
  });

  it('the Windows-1252 fixture really is not UTF-8, so the fallback is what is tested', () => {
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(readFixture('moederlijst-windows1252.csv'))).toThrow();
  });

  it('the UTF-8 fixture keeps a comma, doubled quotes and a line break inside quoted fields', async () => {
    const { headers, rows } = await parseFixture('moederlijst-utf8-bom.csv');
    expect(headers[0]).toBe('Surname');
    expect([rows[0][5], rows[2][5], rows[4][5]]).toEqual(['Aanvoerder, team 1', 'Bijnaam "Mars"', 'Nieuw lid\nvanaf januari']);
  });

  it('the LibreOffice workbook holds number and date cells, read as the user sees them', async () => {
    const { headers, rows } = await parseFixture('moederlijst.xlsx');
    expect(headers).toEqual(['Bondsnummer', 'Familienaam', 'Tussenvoegsels', 'Voornaam', 'Geboortedatum', 'Telefoon']);
    expect(rows[0]).toEqual(['10234', 'Doëlla', '', 'Chérie', '1984-03-12', '06-12345670']);
  });

  it('moederlijst-met-fout.csv: the row without member number is reported, the others are read', async () => {
    const result = preview(await parseFixture(expected.withError.file));
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual(expected.withError.errors);
    expect(result.members.map(withoutRow)).toEqual(expected.members.filter((m) => m.memberNumber !== expected.withError.memberWithoutNumber));
  });
});

describe('CSV', () => {
  test.each([
    ['Lidnummer;Achternaam;Voornamen', ';'],
    ['Lidnummer,Achternaam,Voornamen', ','],
    ['Lidnummer\tAchternaam\tVoornamen', '\t'],
    ['"Naam, volledig";Lidnummer;Achternaam', ';'],
    ['"Lid;nummer","Achter;naam","Voor;namen"', ','],
    ['\r\n\r\nLidnummer,Achternaam,Voornamen', ','],
    ['Lidnummer;Achternaam, Tussenvoegsel;Voornamen', ';'],
    ['Lidnummer;Achternaam\n1,2,3,4,5', ';'],
  ])('the header line %p is separated by %p', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('keeps delimiters, doubled quotes and line breaks inside quoted fields', async () => {
    const text = 'Lidnummer;Achternaam;Voornamen;Opmerking\r\n1;"Pinas; de Jong";"Ruben ""Rubi""";"regel 1\r\nregel 2"\r\n2;Kanhai;Ravi;\r\n';
    expect(await parseText(text)).toMatchObject({
      delimiter: ';',
      headers: ['Lidnummer', 'Achternaam', 'Voornamen', 'Opmerking'],
      rows: [['1', 'Pinas; de Jong', 'Ruben "Rubi"', 'regel 1\r\nregel 2'], ['2', 'Kanhai', 'Ravi', '']],
    });
  });

  it('reads UTF-8 without BOM', async () => {
    const parsed = await parseText('Lidnummer,Achternaam,Voornamen\n1,Doëlla,Ñaña\n');
    expect(parsed).toMatchObject({ encoding: 'utf-8', rows: [['1', 'Doëlla', 'Ñaña']] });
  });

  it('reads Windows-1252, including the letters it has where Latin-1 has control codes (Š, Œ, €)', async () => {
    const parsed = await parseBytes(iconv.encode('Lidnummer;Achternaam;Voornamen\r\n1;Œuvray €;Šárka\r\n', 'windows-1252'));
    expect(parsed).toMatchObject({ encoding: 'windows-1252', rows: [['1', 'Œuvray €', 'Šárka']] });
  });

  it('reads Excel "Unicode text": UTF-16 LE with BOM, tab-separated', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('Lidnummer\tAchternaam\tVoornamen\r\n1\td\'Abreu\tChérie\r\n', 'utf-16le')]);
    expect(await parseBytes(bytes, 'leden.txt')).toMatchObject({ encoding: 'utf-16le', delimiter: '\t', rows: [['1', "d'Abreu", 'Chérie']] });
  });

  it('follows an Excel "sep=" first line and does not count it as a row', async () => {
    const parsed = await parseText('sep=,\r\nLidnummer;Achternaam,Voornamen;Roepnaam\r\n1;a,Ruben;Rubi\r\n');
    expect(parsed).toMatchObject({ delimiter: ',', headerRowNumber: 1, headers: ['Lidnummer;Achternaam', 'Voornamen;Roepnaam'] });
  });

  it('starts at the first line that is not blank and keeps blank lines as rows, so row numbers match', async () => {
    const parsed = await parseText('\n;;\nLidnummer;Achternaam;Voornamen\n1;Pinas;Ruben\n\n;;\n3;Sital;Asha\n');
    expect(parsed.headerRowNumber).toBe(3);
    expect(parsed.rows).toEqual([['1', 'Pinas', 'Ruben'], [''], ['', '', ''], ['3', 'Sital', 'Asha']]);
    expect(preview(parsed).members.map((m) => [m.row, m.familyName])).toEqual([[4, 'Pinas'], [7, 'Sital']]);
  });

  it('reads a list of 500 members', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => `${20000 + i};Achternaam ${i};Voornaam ${i};01-01-1980`);
    const result = preview(await parseText(['Lidnummer;Achternaam;Voornamen;Geboortedatum', ...lines].join('\r\n')));
    expect(result).toMatchObject({ ok: true, rowCount: 500 });
    expect(result.members[499]).toMatchObject({ row: 501, memberNumber: '20499', familyName: 'Achternaam 499' });
  });

  it('decides by the bytes, not the extension: a CSV called .xlsx is read as CSV', async () => {
    expect(await parseText('Lidnummer,Achternaam,Voornamen\n1,Pinas,Ruben\n', 'leden.xlsx')).toMatchObject({ format: 'csv' });
  });
});

describe('unclosedQuoteLine (where the quote that never closes opens)', () => {
  test.each<[string, string, string, number | null]>([
    ['every quote closed', 'a;"b";c\n"d""e";f\n', ';', null],
    ['a quote in the middle of a field is a plain character', 'a;b"c;d\ne;f\n', ';', null],
    ['opened on line 3', 'a;b\nc;d\ne;"f\ng;h\n', ';', 3],
    ['opened on line 3, after a quoted line break (CRLF)', '"a\r\nb";c\r\n"d;e\r\n', ';', 3],
    ['a doubled quote then no close', 'a,"b""c\n', ',', 1],
    ['an old Mac line end (CR)', 'a;b\rc;"d\r', ';', 2],
    ['the closing quote at the end of the file', 'a;"b"', ';', null],
  ])('%s', (_what, body, delimiter, expected) => {
    expect(unclosedQuoteLine(body, delimiter)).toBe(expected);
  });
});

describe('XLSX', () => {
  test.each<[string, ExcelJS.CellValue, string]>([
    ['empty', null, ''],
    ['text', "d'Abreu", "d'Abreu"],
    ['a member number', 10234, '10234'],
    ['a 13-digit number', 1234567890123, '1234567890123'],
    ['a huge number, without exponent', 1e21, '1000000000000000000000'],
    ['a fraction', 1.5, '1.5'],
    ['a tiny fraction, without exponent', 1e-7, '0.0000001'],
    ['a date', new Date(Date.UTC(1984, 2, 12)), '1984-03-12'],
    ['rich text', { richText: [{ text: 'Doë' }, { text: 'lla', font: { bold: true } }] }, 'Doëlla'],
    ['a formula, by its result', { formula: 'A1&B1', result: 'Chérie' }, 'Chérie'],
    ['a formula with a date result', { formula: 'DATE(1990,5,17)', result: new Date(Date.UTC(1990, 4, 17)) }, '1990-05-17'],
    ['a formula never calculated', { formula: 'A1' }, ''],
    ['a shared formula', { sharedFormula: 'A2', result: 10235 }, '10235'],
    ['a hyperlink, by its text', { text: 'Ñaña', hyperlink: 'mailto:nana@example.nl' }, 'Ñaña'],
    ['an error', { error: '#N/A' }, '#N/A'],
    ['a boolean', true, 'WAAR'],
  ])('a cell with %s reads as %p', (_what, value, text) => {
    expect(cellText(value)).toBe(text);
  });

  test.each<[string, ExcelJS.CellValue, string, string]>([
    ['a zero-padded member number', 10234, '0000000', '0010234'],
    ['a zero-padded number with a text section', 705, '0000;@', '0705'],
    ['a number wider than its padding', 1234567, '000', '1234567'],
    ['a formula in a zero-padded cell', { formula: 'A1', result: 42 }, '0000', '0042'],
    ['a number in a general format', 10234, 'General', '10234'],
    ['a number with a thousands format (no padding)', 10234, '#,##0', '10234'],
  ])('a cell with %s in format %p reads as the spreadsheet shows it', (_what, value, numFmt, text) => {
    expect(cellText(value, numFmt)).toBe(text);
  });

  it('keeps the leading zeros a zero-padded number cell shows, as the member number (RULES.md: as the federation writes it)', async () => {
    const buffer = await xlsxBuffer((workbook) => {
      const sheet = workbook.addWorksheet('Leden');
      sheet.addRows([['Lidnummer', 'Achternaam', 'Voornamen'], [10234, 'Pinas', 'Ruben'], [10235, 'Sital', 'Asha'], ['0010236', 'Wong', 'Glenn']]);
      sheet.getCell('A2').numFmt = '0000000';
    });
    expect(preview(await parseBytes(buffer, 'leden.xlsx')).members.map((member) => member.memberNumber)).toEqual(['0010234', '10235', '0010236']);
  });

  it('reads the first visible sheet with data, from its first filled row', async () => {
    const buffer = await xlsxBuffer((workbook) => {
      workbook.addWorksheet('Leeg');
      workbook.addWorksheet('Oud').state = 'hidden';
      workbook.getWorksheet('Oud')!.addRow(['Lidnummer', 'Achternaam', 'Voornamen']);
      const sheet = workbook.addWorksheet('Leden 2026');
      sheet.getCell('A3').value = 'Lidnummer';
      sheet.getCell('B3').value = 'Achternaam';
      sheet.getCell('C3').value = 'Voornamen';
      sheet.getCell('D3').value = 'Geboortedatum';
      sheet.getRow(4).values = [10234, { richText: [{ text: 'Doë' }, { text: 'lla' }] }, { formula: '"Ché"&"rie"', result: 'Chérie' }, new Date(Date.UTC(1984, 2, 12))];
      sheet.getRow(6).values = [10235, 'Sewdien-Ramdin', 'Ñaña'];
    });
    const parsed = await parseBytes(buffer, 'leden.csv');
    expect(parsed).toMatchObject({ format: 'xlsx', sheetName: 'Leden 2026', headerRowNumber: 3 });
    expect(preview(parsed).members).toEqual([
      { row: 4, memberNumber: '10234', familyName: 'Doëlla', namePrefix: null, givenNames: 'Chérie', birthDate: '1984-03-12' },
      { row: 6, memberNumber: '10235', familyName: 'Sewdien-Ramdin', namePrefix: null, givenNames: 'Ñaña', birthDate: null },
    ]);
  });

  it('reads the first filled visible worksheet and names the other filled ones (never passed over in silence)', async () => {
    const buffer = await xlsxBuffer((workbook) => {
      for (const [name, number] of [['Nieuw', 'TS-88010'], ['Leeg', null], ['Tweede', 'TS-88011']] as const) {
        const sheet = workbook.addWorksheet(name);
        if (number) sheet.addRows([['Lidnummer', 'Achternaam', 'Voornamen'], [number, 'Pinas', 'Ruben']]);
      }
    });
    const parsed = await parseBytes(buffer, 'leden.xlsx');
    expect(parsed).toMatchObject({ sheetName: 'Nieuw', otherSheets: ['Tweede'], rows: [['TS-88010', 'Pinas', 'Ruben']] });
  });

  it('refuses a workbook without filled cells', async () => {
    const buffer = await xlsxBuffer((workbook) => workbook.addWorksheet('Blad1'));
    await expect(parseBytes(buffer, 'leeg.xlsx')).rejects.toMatchObject({
      code: 'EMPTY_FILE',
      message: "De Excel-werkmap 'leeg.xlsx' bevat geen ingevulde cellen.",
    });
  });
});

describe('files that are not a member list', () => {
  const bytes = (...values: number[]) => Buffer.from(values);
  test.each<[string, Buffer, MemberFileErrorCode, RegExp]>([
    ['an empty file', Buffer.alloc(0), 'EMPTY_FILE', /^Het bestand 'x' is leeg\. Lees de moederlijst in als CSV-bestand of als Excel-werkmap \(\.xlsx\)\.$/],
    ['only line breaks', Buffer.from('\r\n\r\n  \n'), 'EMPTY_FILE', /is leeg/],
    ['only empty rows', Buffer.from(';;;\r\n;;;\r\n'), 'EMPTY_FILE', /bevat alleen lege regels/],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'UNSUPPORTED_FORMAT', /^'x' is een PDF-bestand, geen tabel\. Lees de moederlijst in als CSV/],
    ['a PNG image', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0), 'UNSUPPORTED_FORMAT', /is een afbeelding \(PNG\)/],
    ['a JPEG photo', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46), 'UNSUPPORTED_FORMAT', /is een afbeelding \(JPEG\)/],
    ['a GIF image', Buffer.from('GIF89a\u0001\u0000'), 'UNSUPPORTED_FORMAT', /is een afbeelding \(GIF\)/],
    ['an old Excel .xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0), 'UNSUPPORTED_FORMAT', /oude formaat \(\.xls\).*sla het op als Excel-werkmap \(\.xlsx\) of als CSV/],
    ['a zip that is no workbook', Buffer.concat([bytes(0x50, 0x4b, 0x03, 0x04), Buffer.alloc(40, 7)]), 'UNSUPPORTED_FORMAT', /is een zip-bestand maar geen Excel-werkmap/],
    ['other binary data', bytes(0x00, 0x01, 0x02, 0x41, 0x42), 'UNSUPPORTED_FORMAT', /^'x' is geen tekst- of Excel-bestand\./],
    ['a single column', Buffer.from('Naam\nRuben Pinas\nAsha Sital\n'), 'NOT_A_TABLE', /^In 'x' staat in de eerste regel maar één kolom \('Naam'\)\. .*puntkomma, komma of tab/],
    ['a separator that is not supported', Buffer.from('Lidnummer|Achternaam|Voornamen\n1|Pinas|Ruben\n'), 'NOT_A_TABLE', /maar één kolom \('Lidnummer\|Achternaam\|Voornamen'\)/],
    ['a quote that is never closed', Buffer.from('Lidnummer;Achternaam;Voornamen\n1;"Pinas;Ruben\n2;Sital;Asha\n'), 'UNREADABLE_FILE', /aanhalingsteken \("\) wordt niet afgesloten \(het aanhalingsteken in regel 2\)/],
    [
      'a quote that is never closed, after quoted fields over two lines',
      Buffer.from('Lidnummer;Achternaam;Voornamen\r\n1;"Pinas";"Ruben\r\nEloi"\r\n2;Sital;Asha\r\n3;"d""Abreu;Marcel\r\n4;Wong;Glenn\r\n'),
      'UNREADABLE_FILE',
      /wordt niet afgesloten \(het aanhalingsteken in regel 5\)/,
    ],
    ['a UTF-8 BOM followed by Windows-1252 bytes', Buffer.concat([bytes(0xef, 0xbb, 0xbf), iconv.encode('Lidnummer;Achternaam\n1;Doëlla\n', 'windows-1252')]), 'UNREADABLE_FILE', /Sla de lijst opnieuw op als "CSV UTF-8"/],
  ])('%s is refused with a Dutch explanation', async (_what, buffer, code, message) => {
    const error = await parseBytes(buffer, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemberFileError);
    expect(error).toMatchObject({ code, status: 400 });
    expect((error as Error).message).toMatch(message);
  });

  it('explains a web page that calls itself .xls', async () => {
    const html = Buffer.from('\r\n<html><body><table><tr><td>Lidnummer</td></tr></table></body></html>');
    await expect(parseBytes(html, 'leden.xls')).rejects.toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
      message:
        "'leden.xls' is een webpagina (HTML), ook al eindigt de naam op .xls. " +
        'Open het in Excel of LibreOffice en sla het op als Excel-werkmap (.xlsx) of als CSV.',
    });
  });
});

describe('files larger inside than a member list can be', () => {
  const csvLines = (count: number) => ['Lidnummer;Achternaam;Voornamen', ...Array.from({ length: count - 1 }, (_, i) => `${20000 + i};Achternaam ${i};Voornaam ${i}`)].join('\r\n');

  it(`a CSV of exactly ${MEMBER_FILE_LIMITS.rows} lines is read`, async () => {
    const parsed = await parseText(csvLines(MEMBER_FILE_LIMITS.rows));
    expect(parsed.rows).toHaveLength(MEMBER_FILE_LIMITS.rows - 1);
  });

  it('a CSV of one line more is refused, with the first row too many', async () => {
    await expect(parseText(csvLines(MEMBER_FILE_LIMITS.rows + 1), 'lang.csv')).rejects.toMatchObject({
      status: 413,
      code: 'TOO_MANY_ROWS',
      message: expect.stringMatching(/^'lang\.csv' heeft meer dan 20\.000 regels; een moederlijst mag er hoogstens 20\.000 hebben\./),
      details: [{ row: 20_001, code: 'TOO_MANY_ROWS', message: 'Rij 20.001: meer regels dan een moederlijst mag hebben (hoogstens 20.000)' }],
    });
  });

  it('the generated workbook is a real one: a small one reads as a member list', async () => {
    const parsed = await parseBytes(memberWorkbook({ members: 2 }), 'klein.xlsx');
    expect(parsed).toMatchObject({ format: 'xlsx', headers: ['Lidnummer', 'Achternaam', 'Voornamen'], rows: [['10000', 'Achternaam 0', 'Voornaam 0'], ['10001', 'Achternaam 1', 'Voornaam 1']] });
  });

  test.each<[string, WorkbookSpec, MemberFileLimitCode, RegExp]>([
    ['300 MB unpacked, as it says', { repeatMb: 300 }, 'WORKBOOK_TOO_LARGE', /sheet1\.xml: zegt uitgepakt 300 MB te zijn/],
    ['300 MB unpacked, saying it is 5 kB', { repeatMb: 300, declaredSheetBytes: 5_000 }, 'WORKBOOK_TOO_LARGE', /sheet1\.xml: pakt uit tot een andere grootte dan het zelf aangeeft/],
    ['20 MB unpacked, saying it is 5 kB', { repeatMb: 20, declaredSheetBytes: 5_000 }, 'WORKBOOK_TOO_LARGE', /sheet1\.xml: pakt uit tot een andere grootte/],
    [`${MEMBER_FILE_LIMITS.rows + 1} rows`, { members: MEMBER_FILE_LIMITS.rows }, 'TOO_MANY_ROWS', /^Rij 20\.001: meer regels/],
    ['a value in row 1,000,000', { farRows: [1_000_000] }, 'TOO_MANY_ROWS', /^Rij 20\.001/],
    ['a value in column XFD (16,384)', { farColumn: 16_384 }, 'TOO_MANY_COLUMNS', /gegevens in kolom 16\.384 \(hoogstens 200\)/],
  ])('a workbook of %s is refused before it is read into memory', async (_what, spec, code, detail) => {
    const buffer = memberWorkbook(spec);
    expect(buffer.length).toBeLessThan(5 * 1024 * 1024); // under the upload limit: only what is inside is too large
    const error = await parseBytes(buffer, 'bom.xlsx').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemberFileLimitError);
    expect(error).toMatchObject({ status: 413, code });
    expect((error as MemberFileLimitError).details?.[0].message).toMatch(detail);
    // Building a 20,001-row or 300 MB workbook takes seconds on a busy machine: a hang guard, not a timing.
  }, 60_000);

  it('the 300 MB workbook is about 1 MB zipped', () => {
    expect(memberWorkbook({ repeatMb: 300 }).length).toBeGreaterThan(1_000_000);
  }, 60_000);
});

describe('our own CSV download read back', () => {
  it('a name the download neutralised (=, +, -, @) is read as it was; other apostrophes stay', async () => {
    const entry = (memberNumber: string, familyName: string, givenNames: string, namePrefix: string | null = null): MemberListEntryDto => ({
      id: memberNumber,
      memberId: memberNumber,
      memberNumber,
      familyName,
      namePrefix,
      givenNames,
      birthDate: '1980-01-01',
      registeredOn: '2026-01-01',
      registeredOnReason: null,
      removedAt: null,
      status: 'ACTIVE',
      sanctions: [],
      matchesPlayed: 0,
    });
    const entries = [entry('1', '=1+1', '+Jan'), entry('2', '-Pinas', '@Ruben', "'t"), entry('3', "'=Sital", "O'Neil")];
    const parsed = await parseBytes(memberListCsv(entries), 'download.csv');
    expect(parsed.rows.map((row) => row.slice(0, 4))).toEqual([
      ['1', '=1+1', '', '+Jan'],
      ['2', '-Pinas', "'t", '@Ruben'],
      ['3', "'=Sital", '', "O'Neil"],
    ]);
  });
});
