/**
 * The member list as a file again, for the club's own spreadsheet: CSV the way Dutch Excel
 * reads it (UTF-8 with BOM, ';'), or an .xlsx workbook. Both can be uploaded again as they are
 * (the extra columns are reported as ignored).
 */
import ExcelJS from 'exceljs';
import { toCsv } from '../common/csv';
import { formatDutchDate } from '../domain/dates';
import { FIELD_LABELS } from '../domain/member-import';
import type { MemberListEntryDto } from './member-list.dto';

const STATUS_LABELS: Record<MemberListEntryDto['status'], string> = { ACTIVE: 'Actief', SUSPENDED: 'Geschorst', EXPELLED: 'Geroyeerd' };

const HEADERS = [
  FIELD_LABELS.memberNumber,
  FIELD_LABELS.familyName,
  FIELD_LABELS.namePrefix,
  FIELD_LABELS.givenNames,
  FIELD_LABELS.birthDate,
  'Ingeschreven op',
  'Status',
];

function cells(entry: MemberListEntryDto): string[] {
  return [
    entry.memberNumber,
    entry.familyName,
    entry.namePrefix ?? '',
    entry.givenNames,
    entry.birthDate ? formatDutchDate(entry.birthDate) : '',
    formatDutchDate(entry.registeredOn),
    STATUS_LABELS[entry.status],
  ];
}

/** The shared CSV writer (common/csv.ts): formula-like names are neutralised, and the upload reads them back unchanged. */
export function memberListCsv(entries: readonly MemberListEntryDto[]): Buffer {
  return toCsv([HEADERS, ...entries.map(cells)]);
}

export async function memberListXlsx(entries: readonly MemberListEntryDto[], sheetName: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, '-').slice(0, 31));
  sheet.columns = HEADERS.map((header, i) => ({ header, width: [12, 24, 14, 28, 14, 16, 12][i] }));
  sheet.getRow(1).font = { bold: true };
  for (const entry of entries) {
    const row = cells(entry);
    sheet.addRow([
      // A digit-only number as a number cell (as clubs keep them); TS-10021 stays text.
      /^\d+$/.test(entry.memberNumber) ? Number(entry.memberNumber) : entry.memberNumber,
      ...row.slice(1, 4),
      entry.birthDate ? new Date(`${entry.birthDate}T00:00:00.000Z`) : null,
      new Date(`${entry.registeredOn}T00:00:00.000Z`),
      row[6],
    ]);
  }
  for (const column of [5, 6]) sheet.getColumn(column).numFmt = 'dd-mm-yyyy';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
