/**
 * Importing a club's member list (moederlijst, Regel 1–3) from a table: which column is
 * what, which rows are valid, and what changes against the list already stored.
 * Pure: the table arrives as strings (see member-lists/member-file-parser.ts).
 */
import { compareDates, IsoDate, isIsoDate } from './dates';
import { hasForbiddenCharacters } from './text';

const MEMBER_FIELDS = ['memberNumber', 'familyName', 'namePrefix', 'givenNames', 'birthDate'] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];
const REQUIRED_FIELDS: readonly MemberField[] = ['memberNumber', 'familyName', 'givenNames'];

/** The column names a club secretary sees, e.g. in the template and in messages. */
export const FIELD_LABELS: Readonly<Record<MemberField, string>> = {
  memberNumber: 'Lidnummer',
  familyName: 'Achternaam',
  namePrefix: 'Tussenvoegsel',
  givenNames: 'Voornamen',
  birthDate: 'Geboortedatum',
};

/** Accepted headers, Dutch and English, in normalized form (see normalizeHeader). */
const HEADER_ALIASES: Readonly<Record<MemberField, readonly string[]>> = {
  memberNumber: [
    'lidnummer', 'lidnr', 'lidno', 'bondsnummer', 'bondsnr',
    'membernumber', 'memberno', 'membernr', 'memberid', 'membershipnumber',
  ],
  familyName: ['achternaam', 'familienaam', 'familyname', 'lastname', 'surname'],
  namePrefix: ['tussenvoegsel', 'tussenvoegsels', 'tussenv', 'voorvoegsel', 'prefix', 'nameprefix'],
  givenNames: ['voornamen', 'voornaam', 'givennames', 'givenname', 'firstname', 'firstnames', 'forename', 'forenames'],
  birthDate: ['geboortedatum', 'gebdatum', 'geboren', 'dateofbirth', 'birthdate', 'dob'],
};

const FIELD_BY_ALIAS: ReadonlyMap<string, MemberField> = new Map(
  MEMBER_FIELDS.flatMap((field) => HEADER_ALIASES[field].map((alias) => [alias, field] as const)),
);

/** "Lid-nr." → "lidnr", "Geboorte Datum" → "geboortedatum", "Prénom" → "prenom". */
function normalizeHeader(header: string): string {
  return header.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** The field a header names, if any; a remark in parentheses may follow: "Geboortedatum (dd-mm-jjjj)". */
function fieldForHeader(header: string): MemberField | undefined {
  const withoutRemarks = header.replace(/\([^)]*\)/g, ' ');
  return FIELD_BY_ALIAS.get(normalizeHeader(header)) ?? FIELD_BY_ALIAS.get(normalizeHeader(withoutRemarks));
}

export type ColumnMap = Partial<Record<MemberField, number>>;

export interface HeaderMatch {
  /** Field → 0-based column index. */
  columns: ColumnMap;
  /** Columns whose header names no field (blank headers included, with header ''). */
  unknown: { index: number; header: string }[];
  /** A second column for a field already found; the first one is used. */
  duplicates: { index: number; header: string; field: MemberField; usedIndex: number }[];
  /** Required fields without a column. */
  missing: MemberField[];
}

export function matchHeaders(headers: readonly string[]): HeaderMatch {
  const match: HeaderMatch = { columns: {}, unknown: [], duplicates: [], missing: [] };
  headers.forEach((header, index) => {
    const field = fieldForHeader(header);
    const usedIndex = field === undefined ? undefined : match.columns[field];
    if (field === undefined) match.unknown.push({ index, header });
    else if (usedIndex !== undefined) match.duplicates.push({ index, header, field, usedIndex });
    else match.columns[field] = index;
  });
  match.missing = REQUIRED_FIELDS.filter((field) => match.columns[field] === undefined);
  return match;
}

/** The longest member number stored, in characters (after normalising). */
export const MEMBER_NUMBER_MAX_LENGTH = 20;
/** The longest digit-only member number (a typo of a whole phone number with country code is caught). */
const DIGITS_MAX_LENGTH = 10;

/** How a member number looks, for messages: "letters, cijfers en streepjes, …". */
export const MEMBER_NUMBER_RULE =
  `een lidnummer bestaat uit letters, cijfers en streepjes, zoals de bond het schrijft (bijvoorbeeld TS-10021 of 100233; hoogstens ${MEMBER_NUMBER_MAX_LENGTH} tekens, of ${DIGITS_MAX_LENGTH} cijfers als het alleen uit cijfers bestaat)`;

/** The same, as a sentence for a form field's message. */
export const MEMBER_NUMBER_MESSAGE = `E${MEMBER_NUMBER_RULE.slice(1)}.`;

/** For the API documentation of a member-number field. */
export const MEMBER_NUMBER_HINT =
  'Zoals de bond het schrijft: letters, cijfers en streepjes (bijvoorbeeld TS-10021 of 100233). Hoofd- of kleine letters en spaties eromheen tellen niet; opgeslagen in hoofdletters. Voorloopnullen tellen mee (0010234 is niet 10234).';

/**
 * RULES.md: the federation's number for a person, "as the federation writes it: letters,
 * digits and dashes, e.g. TS-10021 or 100233; compared without regard to case and
 * surrounding spaces". Returns the canonical form stored and compared everywhere
 * (members."memberNumber" holds only canonical numbers, a database CHECK enforces it), or
 * null when the value is not a member number.
 *
 * Decisions (RULES.md does not settle them):
 * - Canonical = trimmed and in capitals: "ts-10021 " and "TS-10021" are one person, stored
 *   and shown as "TS-10021" (the federation writes its prefixes in capitals).
 * - Letters are A–Z only; a dash only between letters or digits (not first, last or
 *   doubled); at least one digit (a name typed in the number column is caught); inner
 *   spaces, dots and other signs are refused rather than guessed at ("12.345").
 * - Leading zeros count, in a number of digits only too: the number is kept as the federation
 *   writes it ("0010234" is not "10234"). A spreadsheet that shows a number cell with leading
 *   zeros does so through the cell's number format, which the file reader applies
 *   (member-file-parser.ts); a number of zeros only ("0", "000") is refused as no number.
 *   At most 10 digits (a phone number typed in the column is caught).
 */
export function normalizeMemberNumber(raw: string): string | null {
  const trimmed = raw.trim();
  if (/^\d+$/.test(trimmed)) return /[1-9]/.test(trimmed) && trimmed.length <= DIGITS_MAX_LENGTH ? trimmed : null;
  if (!/^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/.test(trimmed) || !/\d/.test(trimmed)) return null;
  return trimmed.length <= MEMBER_NUMBER_MAX_LENGTH ? trimmed.toUpperCase() : null;
}

const DAY_FIRST = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})$/;
const YEAR_FIRST = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

export type BirthDateParse = { ok: true; date: IsoDate } | { ok: false; problem: 'UNREADABLE' | 'IMPOSSIBLE' };

/**
 * A birth date as clubs write it: dd-mm-jjjj, d-m-jjjj, dd/mm/jjjj, dd.mm.jjjj or
 * jjjj-mm-dd (what the file parser makes of a date cell). Two-digit years are
 * UNREADABLE (1925 or 2025?); 31-02-1980 is IMPOSSIBLE.
 */
export function parseBirthDate(raw: string): BirthDateParse {
  const dayFirst = DAY_FIRST.exec(raw);
  const yearFirst = YEAR_FIRST.exec(raw);
  const parts = dayFirst ? [dayFirst[4], dayFirst[3], dayFirst[1]] : yearFirst ? yearFirst.slice(1, 4) : null;
  if (!parts) return { ok: false, problem: 'UNREADABLE' };
  const iso = parts.map((part) => part.padStart(2, '0')).join('-');
  return isIsoDate(iso) ? { ok: true, date: iso } : { ok: false, problem: 'IMPOSSIBLE' };
}

/** Nobody on a member list was born before this day. */
const EARLIEST_BIRTH_DATE: IsoDate = '1900-01-01';

/** A birth date that exists but cannot be a member's: before 1900, or after today. */
export function birthDateProblem(date: IsoDate, today: IsoDate): 'BEFORE_1900' | 'IN_FUTURE' | null {
  if (compareDates(date, EARLIEST_BIRTH_DATE) < 0) return 'BEFORE_1900';
  return compareDates(date, today) > 0 ? 'IN_FUTURE' : null;
}

/** The longest names the federation stores, in characters (the same for a single entry and an upload). */
export const NAME_MAX_LENGTHS = { familyName: 100, namePrefix: 30, givenNames: 150 } as const;

export interface ImportedMember {
  /** The row number a spreadsheet user sees (the header is row 1). */
  row: number;
  memberNumber: string;
  familyName: string;
  namePrefix: string | null;
  givenNames: string;
  birthDate: IsoDate | null;
}

export type ImportErrorCode =
  | 'NOT_A_TABLE'
  | 'NO_MEMBERS'
  | 'MISSING_MEMBER_NUMBER'
  | 'MALFORMED_MEMBER_NUMBER'
  | 'DUPLICATE_IN_FILE'
  | 'EMPTY_NAME'
  | 'NAME_TOO_LONG'
  | 'FORBIDDEN_CHARACTERS'
  | 'INVALID_BIRTH_DATE'
  | 'ON_OTHER_CLUB_LIST'
  /** A secretary names a person the federation knows differently (see known-person.ts). */
  | 'MEMBER_KNOWN_OTHERWISE'
  /** A row holds values right of the last column heading: nothing is dropped unread. */
  | 'CELLS_WITHOUT_COLUMN';

export interface ImportError {
  row: number;
  field?: MemberField;
  code: ImportErrorCode;
  /** Dutch, starting with the row: "Rij 5: lidnummer ontbreekt". */
  message: string;
  /** The row's member number when it could be read: such a member is not "removed". */
  memberNumber?: string;
}

export interface RowValidationContext {
  /**
   * Regel 2: member number → name of the club whose list (this season) already holds it;
   * null when the reader may not learn which club that is.
   */
  otherClubMembers: ReadonlyMap<string, string | null>;
  /** Row number of rows[0]; 2 when the header is row 1. */
  firstRowNumber?: number;
  /** The day of the upload: later birth dates are refused (without it, only those before 1900). */
  today?: IsoDate;
  /** The number of column headings: a value right of them belongs to no column (an error, never dropped). */
  headerWidth?: number;
}

export interface RowValidation {
  members: ImportedMember[];
  errors: ImportError[];
}

type Cells = readonly string[];

function isBlankRow(cells: Cells): boolean {
  return cells.every((cell) => cell.trim() === '');
}

/**
 * Validates the data rows (after the header). Fully blank rows are skipped silently:
 * spreadsheets often end with some. A row with any error yields no member.
 */
export function validateRows(rows: readonly Cells[], columns: ColumnMap, context: RowValidationContext): RowValidation {
  const result: RowValidation = { members: [], errors: [] };
  const firstRowByNumber = new Map<string, number>();
  const firstRowNumber = context.firstRowNumber ?? 2;
  rows.forEach((cells, i) => {
    if (isBlankRow(cells)) return;
    const parsed = validateRow(cells, firstRowNumber + i, columns, context, firstRowByNumber);
    if (Array.isArray(parsed)) result.errors.push(...parsed);
    else result.members.push(parsed);
  });
  return result;
}

/**
 * Values right of the last column heading (a name with a separator in it, a shifted row): the
 * row is refused with what was found there, so nothing the file holds is silently left out.
 */
function extraCellErrors(cells: Cells, row: number, headerWidth: number | undefined): ImportError[] {
  if (headerWidth === undefined) return [];
  const extra = cells.slice(headerWidth).map((cell) => String(cell ?? '').trim()).filter(Boolean);
  if (!extra.length) return [];
  const shown = extra.slice(0, 3).map((value) => `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`).join(', ');
  return [
    {
      row,
      code: 'CELLS_WITHOUT_COLUMN',
      message: `Rij ${row}: ${extra.length === 1 ? 'de waarde' : 'de waarden'} ${shown} ${extra.length === 1 ? 'staat' : 'staan'} rechts van de laatste kolom en ${extra.length === 1 ? 'hoort' : 'horen'} bij geen kolomkop; staat er een scheidingsteken (; of ,) in een naam, zet die naam dan tussen aanhalingstekens`,
    },
  ];
}

function validateRow(
  cells: Cells,
  row: number,
  columns: ColumnMap,
  { otherClubMembers, today, headerWidth }: RowValidationContext,
  firstRowByNumber: Map<string, number>,
): ImportedMember | ImportError[] {
  const raw = readCells(cells, columns);
  const memberNumber = normalizeMemberNumber(raw.memberNumber);
  const birthDate = raw.birthDate === '' ? null : checkBirthDate(raw.birthDate, today);
  const draft: RowDraft = {
    row,
    memberNumber,
    familyName: raw.familyName,
    namePrefix: raw.namePrefix || null,
    givenNames: raw.givenNames,
  };
  const errors = [
    ...extraCellErrors(cells, row, headerWidth),
    ...memberNumberErrors(raw.memberNumber, draft, otherClubMembers, firstRowByNumber),
    ...nameErrors(draft),
    ...(birthDate?.ok === false ? [birthDateError(row, raw.birthDate, birthDate.problem)] : []),
  ];
  if (memberNumber !== null && !firstRowByNumber.has(memberNumber)) firstRowByNumber.set(memberNumber, row);
  if (errors.length > 0 || memberNumber === null) {
    return errors.map((error) => (memberNumber === null ? error : { ...error, memberNumber }));
  }
  return { ...draft, memberNumber, birthDate: birthDate?.ok ? birthDate.date : null };
}

/** Each field's cell, trimmed; '' when the file has no such column or the row is short. */
function readCells(cells: Cells, columns: ColumnMap): Record<MemberField, string> {
  const read = (field: MemberField) => {
    const index = columns[field];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  return {
    memberNumber: read('memberNumber'),
    familyName: read('familyName'),
    namePrefix: read('namePrefix'),
    givenNames: read('givenNames'),
    birthDate: read('birthDate'),
  };
}

interface RowDraft {
  row: number;
  memberNumber: string | null;
  familyName: string;
  namePrefix: string | null;
  givenNames: string;
}

function memberNumberErrors(
  raw: string,
  member: RowDraft,
  otherClubMembers: ReadonlyMap<string, string | null>,
  firstRowByNumber: ReadonlyMap<string, number>,
): ImportError[] {
  const { row, memberNumber } = member;
  const field = 'memberNumber';
  if (raw === '') return [{ row, field, code: 'MISSING_MEMBER_NUMBER', message: `Rij ${row}: lidnummer ontbreekt` }];
  if (memberNumber === null) {
    return [{
      row, field, code: 'MALFORMED_MEMBER_NUMBER',
      message: `Rij ${row}: lidnummer '${raw}' is ongeldig; ${MEMBER_NUMBER_RULE}`,
    }];
  }
  const earlierRow = firstRowByNumber.get(memberNumber);
  if (earlierRow !== undefined) {
    return [{
      row, field, code: 'DUPLICATE_IN_FILE',
      message: `Rij ${row}: lidnummer ${memberNumber} staat ook al in rij ${earlierRow}; elk lid mag maar één keer op de lijst staan`,
    }];
  }
  if (otherClubMembers.has(memberNumber)) {
    const otherClub = otherClubMembers.get(memberNumber) ?? 'een andere vereniging';
    return [{
      row, field, code: 'ON_OTHER_CLUB_LIST',
      message:
        `Rij ${row}: lidnummer ${memberNumber}${nameInParentheses(member)} staat dit seizoen al op de moederlijst van ${otherClub}; ` +
        'een lid kan maar bij één vereniging ingeschreven staan en overschrijven gaat via de bond (Regel 2)',
    }];
  }
  return [];
}

const FIELD_WORDS: Readonly<Record<keyof typeof NAME_MAX_LENGTHS, string>> = {
  familyName: 'de achternaam',
  namePrefix: 'het tussenvoegsel',
  givenNames: 'de voornaam',
};

const TOO_LONG: Readonly<Record<keyof typeof NAME_MAX_LENGTHS, string>> = {
  familyName: 'achternaam is te lang',
  namePrefix: 'tussenvoegsel is te lang',
  givenNames: 'voornamen zijn te lang',
};

/** Names are stored as written, so a name that is too long is refused, never cut off. */
function nameErrors(member: RowDraft): ImportError[] {
  const { row, familyName, givenNames } = member;
  const errors: ImportError[] = [];
  if (familyName === '') errors.push({ row, field: 'familyName', code: 'EMPTY_NAME', message: `Rij ${row}: achternaam ontbreekt` });
  if (givenNames === '') errors.push({ row, field: 'givenNames', code: 'EMPTY_NAME', message: `Rij ${row}: voornamen ontbreken` });
  for (const field of ['familyName', 'namePrefix', 'givenNames'] as const) {
    if (hasForbiddenCharacters(member[field] ?? '')) {
      const message = `Rij ${row}: ${FIELD_WORDS[field]} bevat een stuurteken of een onzichtbaar teken dat de schrijfrichting omdraait; typ de naam opnieuw met gewone tekens`;
      errors.push({ row, field, code: 'FORBIDDEN_CHARACTERS', message });
    }
    const length = [...(member[field] ?? '')].length;
    if (length > NAME_MAX_LENGTHS[field]) {
      const message = `Rij ${row}: ${TOO_LONG[field]} (${length} tekens; hoogstens ${NAME_MAX_LENGTHS[field]})`;
      errors.push({ row, field, code: 'NAME_TOO_LONG', message });
    }
  }
  return errors;
}

type BirthDateCheck = BirthDateParse | { ok: false; problem: 'BEFORE_1900' | 'IN_FUTURE' };

function checkBirthDate(raw: string, today: IsoDate | undefined): BirthDateCheck {
  const parsed = parseBirthDate(raw);
  const problem = parsed.ok ? birthDateProblem(parsed.date, today ?? '9999-12-31') : null;
  return problem ? { ok: false, problem } : parsed;
}

const BIRTH_DATE_PROBLEMS: Readonly<Record<Exclude<BirthDateCheck, { ok: true }>['problem'], string>> = {
  IMPOSSIBLE: 'bestaat niet',
  UNREADABLE: 'is niet te lezen; schrijf de datum als dd-mm-jjjj, bijvoorbeeld 23-04-1985',
  BEFORE_1900: 'ligt vóór 1900',
  IN_FUTURE: 'ligt in de toekomst',
};

function birthDateError(row: number, raw: string, problem: keyof typeof BIRTH_DATE_PROBLEMS): ImportError {
  return { row, field: 'birthDate', code: 'INVALID_BIRTH_DATE', message: `Rij ${row}: geboortedatum '${raw}' ${BIRTH_DATE_PROBLEMS[problem]}` };
}

function nameInParentheses({ givenNames, namePrefix, familyName }: RowDraft): string {
  const name = [givenNames, namePrefix, familyName].filter(Boolean).join(' ');
  return name ? ` (${name})` : '';
}

/** A member as stored on the club's list; E may carry more (an id), which the diff hands back. */
export interface ExistingMember {
  memberNumber: string;
  familyName: string;
  namePrefix: string | null;
  givenNames: string;
  birthDate: IsoDate | null;
}

export type DiffField = Exclude<MemberField, 'memberNumber'>;
export const DIFF_FIELDS: readonly DiffField[] = ['familyName', 'namePrefix', 'givenNames', 'birthDate'];

export interface MemberChange<E extends ExistingMember = ExistingMember> {
  memberNumber: string;
  before: E;
  after: ImportedMember;
  fields: DiffField[];
}

export interface MemberListDiff<E extends ExistingMember = ExistingMember> {
  added: ImportedMember[];
  changed: MemberChange<E>[];
  removed: E[];
  unchanged: ImportedMember[];
}

/** The fields whose values differ; an empty value and a missing one are the same. */
function changedFields(before: ExistingMember, after: ImportedMember, fields: readonly DiffField[]): DiffField[] {
  return fields.filter((field) => (before[field] || null) !== (after[field] || null));
}

/**
 * The uploaded file is the complete list: members missing from it are removed.
 * `fields` limits the comparison to the columns the file has, so a file without a
 * birth date column does not wipe the birth dates already stored.
 */
export function diffMemberList<E extends ExistingMember>(
  existing: readonly E[],
  imported: readonly ImportedMember[],
  fields: readonly DiffField[] = DIFF_FIELDS,
): MemberListDiff<E> {
  const existingByNumber = new Map(existing.map((member) => [member.memberNumber, member]));
  const importedNumbers = new Set(imported.map((member) => member.memberNumber));
  const diff: MemberListDiff<E> = {
    added: [],
    changed: [],
    removed: existing.filter((member) => !importedNumbers.has(member.memberNumber)),
    unchanged: [],
  };
  for (const after of imported) {
    const before = existingByNumber.get(after.memberNumber);
    const changed = before ? changedFields(before, after, fields) : [];
    if (!before) diff.added.push(after);
    else if (changed.length > 0) diff.changed.push({ memberNumber: after.memberNumber, before, after, fields: changed });
    else diff.unchanged.push(after);
  }
  return diff;
}

export interface ImportTable {
  headers: readonly string[];
  rows: readonly Cells[];
  /** The row number of the header as the user sees it; 1 unless the file starts with blank rows. */
  headerRowNumber?: number;
}

export interface ImportContext<E extends ExistingMember> extends Omit<RowValidationContext, 'firstRowNumber'> {
  existing: readonly E[];
  /**
   * Persons whose stored record this upload must keep (the federation knows them from another
   * club, so only the federation corrects them): member number → the record as stored.
   */
  keptMembers?: ReadonlyMap<string, ExistingMember>;
}

export type ImportWarning =
  /** `column` is 1-based, as the user counts columns. */
  | { code: 'UNKNOWN_COLUMN' | 'DUPLICATE_COLUMN'; column: number; header: string; message: string }
  /** The row's person keeps the record the federation has (see ImportContext.keptMembers). */
  | { code: 'MEMBER_KEPT'; row: number; memberNumber: string; message: string };

export interface ImportPreview<E extends ExistingMember = ExistingMember> {
  /** No errors: the list may be saved as it is. */
  ok: boolean;
  /** Data rows that are not blank. */
  rowCount: number;
  /** The valid rows, ready to save. */
  members: ImportedMember[];
  added: ImportedMember[];
  changed: MemberChange<E>[];
  /** Stored members missing from the file, except those whose row has an error. */
  removed: E[];
  unchanged: number;
  errors: ImportError[];
  warnings: ImportWarning[];
}

/** Header matching, row validation and the diff against the stored list, in one answer for the upload preview. */
export function buildImportPreview<E extends ExistingMember>(table: ImportTable, context: ImportContext<E>): ImportPreview<E> {
  const headerRow = table.headerRowNumber ?? 1;
  const { columns, unknown, duplicates, missing } = matchHeaders(table.headers);
  const rowCount = table.rows.filter((cells) => !isBlankRow(cells)).length;
  if (missing.length > 0) {
    return emptyPreview(rowCount, [notATableError(headerRow, missing, table.headers)]);
  }
  const warnings = [...unknownColumnWarnings(unknown, table.rows), ...duplicateColumnWarnings(duplicates, table.headers)];
  if (rowCount === 0) {
    const message = `Het bestand bevat wel kolomkoppen (rij ${headerRow}) maar geen leden`;
    return { ...emptyPreview(0, [{ row: headerRow, code: 'NO_MEMBERS', message }]), warnings };
  }
  const { members, errors } = validateRows(table.rows, columns, { ...context, firstRowNumber: headerRow + 1, headerWidth: table.headers.length });
  const fields = DIFF_FIELDS.filter((field) => columns[field] !== undefined);
  const diff = diffMemberList(context.existing, members, fields);
  const kept = keepStored(diff, context.keptMembers ?? new Map(), fields);
  const numbersWithErrors = new Set(errors.map((error) => error.memberNumber));
  return {
    ok: errors.length === 0,
    rowCount,
    members,
    added: diff.added,
    changed: kept.changed,
    removed: diff.removed.filter((member) => !numbersWithErrors.has(member.memberNumber)),
    unchanged: diff.unchanged.length + diff.changed.length - kept.changed.length,
    errors,
    warnings: [...warnings, ...kept.warnings],
  };
}

/**
 * Rows that would change the record of a person the upload must keep: such a change is no
 * change (the person still goes on the list), and its row gets a warning.
 */
function keepStored<E extends ExistingMember>(diff: MemberListDiff<E>, kept: ReadonlyMap<string, ExistingMember>, fields: readonly DiffField[]) {
  const differs = (member: ImportedMember) => {
    const stored = kept.get(member.memberNumber);
    return stored !== undefined && changedFields(stored, member, fields).length > 0;
  };
  const rows = [...diff.added, ...diff.changed.map((change) => change.after)].filter(differs).sort((a, b) => a.row - b.row);
  const warnings = rows.map(({ row, memberNumber }): ImportWarning => ({
    code: 'MEMBER_KEPT',
    row,
    memberNumber,
    message: `Rij ${row}: gegevens van lidnummer ${memberNumber} worden niet gewijzigd: deze persoon is bij de bond al bekend; vraag de bond om een correctie`,
  }));
  return { changed: diff.changed.filter((change) => !kept.has(change.memberNumber)), warnings };
}

function emptyPreview<E extends ExistingMember>(rowCount: number, errors: ImportError[]): ImportPreview<E> {
  return { ok: false, rowCount, members: [], added: [], changed: [], removed: [], unchanged: 0, errors, warnings: [] };
}

function notATableError(row: number, missing: readonly MemberField[], headers: readonly string[]): ImportError {
  const labels = missing.map((field) => FIELD_LABELS[field]);
  const notFound = labels.length === 1 ? `de kolom ${labels[0]} is niet gevonden` : `de kolommen ${dutchList(labels)} zijn niet gevonden`;
  const seen = headers.map((header) => header.trim()).filter(Boolean);
  const seenText = seen.length > 0 ? `Gevonden kolomkoppen: ${seen.map((h) => `'${h}'`).join(', ')}` : 'Er zijn geen kolomkoppen gevonden';
  return {
    row,
    code: 'NOT_A_TABLE',
    message:
      `Dit bestand is niet als moederlijst te lezen: ${notFound}. ${seenText}. ` +
      `Zet de kolomkoppen in de eerste rij, bijvoorbeeld: ${MEMBER_FIELDS.map((field) => FIELD_LABELS[field]).join(', ')}`,
  };
}

function unknownColumnWarnings(unknown: HeaderMatch['unknown'], rows: readonly Cells[]): ImportWarning[] {
  return unknown.flatMap(({ index, header }): ImportWarning[] => {
    const column = index + 1;
    if (header.trim() !== '') {
      return [{ code: 'UNKNOWN_COLUMN', column, header, message: `Kolom '${header.trim()}' (kolom ${column}) wordt genegeerd` }];
    }
    const hasData = rows.some((cells) => (cells[index] ?? '').trim() !== '');
    return hasData ? [{ code: 'UNKNOWN_COLUMN', column, header, message: `Kolom ${column} heeft geen kolomkop en wordt genegeerd` }] : [];
  });
}

function duplicateColumnWarnings(duplicates: HeaderMatch['duplicates'], headers: readonly string[]): ImportWarning[] {
  return duplicates.map(({ index, header, field, usedIndex }) => ({
    code: 'DUPLICATE_COLUMN',
    column: index + 1,
    header,
    message:
      `Kolom '${header.trim()}' (kolom ${index + 1}) wordt genegeerd: ` +
      `kolom ${usedIndex + 1} ('${headers[usedIndex].trim()}') is al gebruikt voor ${FIELD_LABELS[field]}`,
  }));
}

/** ["A", "B", "C"] → "A, B en C". */
function dutchList(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} en ${items[items.length - 1]}`;
}
