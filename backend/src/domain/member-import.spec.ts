import {
  birthDateProblem,
  buildImportPreview,
  diffMemberList,
  ExistingMember,
  ImportedMember,
  ImportErrorCode,
  matchHeaders,
  MemberField,
  normalizeMemberNumber,
  parseBirthDate,
  validateRows,
} from './member-import';

const HEADERS = ['Lidnummer', 'Achternaam', 'Tussenvoegsel', 'Voornamen', 'Geboortedatum'];
const COLUMNS = matchHeaders(HEADERS).columns;
const NO_OTHER_CLUBS = { otherClubMembers: new Map<string, string>() };

/** A data row in HEADERS order; a valid member unless the test says otherwise. */
function cells(overrides: Partial<Record<MemberField, string>> = {}): string[] {
  const values = { memberNumber: '10234', familyName: 'Pinas', namePrefix: '', givenNames: 'Ruben', birthDate: '14-11-1980', ...overrides };
  return [values.memberNumber, values.familyName, values.namePrefix, values.givenNames, values.birthDate];
}

function imported(overrides: Partial<ImportedMember> = {}): ImportedMember {
  return { row: 2, memberNumber: '10234', familyName: 'Pinas', namePrefix: null, givenNames: 'Ruben', birthDate: '1980-11-14', ...overrides };
}

function existing(overrides: Partial<ExistingMember & { id: string }> = {}): ExistingMember & { id: string } {
  return { id: 'entry-1', memberNumber: '10234', familyName: 'Pinas', namePrefix: null, givenNames: 'Ruben', birthDate: '1980-11-14', ...overrides };
}

describe('matchHeaders', () => {
  test.each<[string, MemberField]>([
    ['Lidnummer', 'memberNumber'],
    ['Lid nummer', 'memberNumber'],
    ['LIDNUMMER', 'memberNumber'],
    ['Lidnr.', 'memberNumber'],
    ['lid-nr', 'memberNumber'],
    ['Bondsnummer', 'memberNumber'],
    ['Member number', 'memberNumber'],
    ['membernumber', 'memberNumber'],
    ['Member No.', 'memberNumber'],
    ['member_id', 'memberNumber'],
    ['  Member ID  ', 'memberNumber'],
    ['Achternaam', 'familyName'],
    ['Familienaam', 'familyName'],
    ['Family name', 'familyName'],
    ['Last name', 'familyName'],
    ['LAST_NAME', 'familyName'],
    ['Surname', 'familyName'],
    ['Tussenvoegsel', 'namePrefix'],
    ['Tussenvoegsels', 'namePrefix'],
    ['Tussenv.', 'namePrefix'],
    ['Prefix', 'namePrefix'],
    ['Name prefix', 'namePrefix'],
    ['Voornamen', 'givenNames'],
    ['Voornaam', 'givenNames'],
    ['Vóórnamen', 'givenNames'],
    ['Given names', 'givenNames'],
    ['First name', 'givenNames'],
    ['First name(s)', 'givenNames'],
    ['first-names', 'givenNames'],
    ['Forename', 'givenNames'],
    ['Geboortedatum', 'birthDate'],
    ['Geboorte datum', 'birthDate'],
    ['Geb. datum', 'birthDate'],
    ['Geboortedatum (dd-mm-jjjj)', 'birthDate'],
    ['Date of birth', 'birthDate'],
    ['Birth date', 'birthDate'],
    ['Birthdate', 'birthDate'],
    ['DOB', 'birthDate'],
  ])('%p is the %s column', (header, field) => {
    expect(matchHeaders([header]).columns).toEqual({ [field]: 0 });
  });

  test.each(['Naam', 'Roepnaam', 'Telefoon', 'E-mail', 'Adres', 'Lid sinds', ''])('%p names no field', (header) => {
    expect(matchHeaders([header]).unknown).toEqual([{ index: 0, header }]);
  });

  it('finds the Dutch columns of the TSBN template', () => {
    expect(matchHeaders(HEADERS)).toEqual({
      columns: { memberNumber: 0, familyName: 1, namePrefix: 2, givenNames: 3, birthDate: 4 },
      unknown: [],
      duplicates: [],
      missing: [],
    });
  });

  it('finds English columns in another order and reports the others as unknown', () => {
    const match = matchHeaders(['Given names', 'Surname', 'Notes', 'Member number']);
    expect(match.columns).toEqual({ givenNames: 0, familyName: 1, memberNumber: 3 });
    expect(match.unknown).toEqual([{ index: 2, header: 'Notes' }]);
    expect(match.missing).toEqual([]);
  });

  it('lists the required columns that are missing; prefix and birth date are optional', () => {
    expect(matchHeaders(['Naam', 'Voornaam']).missing).toEqual(['memberNumber', 'familyName']);
  });

  it('uses the first of two columns for the same field', () => {
    expect(matchHeaders(['Lidnummer', 'Voornaam', 'Achternaam', 'Voornamen']).duplicates).toEqual([
      { index: 3, header: 'Voornamen', field: 'givenNames', usedIndex: 1 },
    ]);
  });
});

describe('normalizeMemberNumber (RULES.md: letters, digits and dashes, as the federation writes them; case and surrounding spaces do not count)', () => {
  test.each<[string, string, string | null]>([
    ['digits only', '10234', '10234'],
    ['digits with surrounding spaces', '  10234 ', '10234'],
    ['digits with leading zeros, kept as written', '0010234', '0010234'],
    ['10 digits with leading zeros', '0000000001', '0000000001'],
    ['11 digits with a leading zero', '01234567890', null],
    ['a single digit', '7', '7'],
    ['10 digits', '1234567890', '1234567890'],
    ['11 digits (a phone number?)', '12345678901', null],
    ['only zeros', '0', null],
    ['several zeros', '000', null],
    ['the federation prefix', 'TS-10021', 'TS-10021'],
    ['the prefix in small letters with a trailing space', 'ts-10021 ', 'TS-10021'],
    ['mixed case, spaces around', ' Ts-10021\t', 'TS-10021'],
    ['letters and digits without dash', 'AB1234', 'AB1234'],
    ['zeros inside a number with letters are kept', 'TS-00123', 'TS-00123'],
    ['digits with a dash', '10234-1', '10234-1'],
    ['several dashes', 'TS-2026-0001', 'TS-2026-0001'],
    ['20 characters', 'TS-12345678901234567', 'TS-12345678901234567'],
    ['21 characters', 'TS-123456789012345678', null],
    ['a dot', '12.345', null],
    ['an inner space', '12 345', null],
    ['an inner space after the prefix', 'TS 10021', null],
    ['a leading dash', '-10021', null],
    ['a trailing dash', 'TS-', null],
    ['a double dash', 'TS--10021', null],
    ['letters only (a name in the number column)', 'Pinas', null],
    ['a letter outside A–Z', 'TÉ-10021', null],
    ['ß (would become SS in capitals)', 'ß-1', null],
    ['an en dash', 'TS–10021', null],
    ['empty', '', null],
  ])('%s: %p → %p', (_case, raw, expected) => {
    expect(normalizeMemberNumber(raw)).toBe(expected);
  });
});

describe('parseBirthDate', () => {
  test.each([
    ['14-11-1980', '1980-11-14'],
    ['4-1-1980', '1980-01-04'],
    ['14/11/1980', '1980-11-14'],
    ['14.11.1980', '1980-11-14'],
    ['1980-11-14', '1980-11-14'],
    ['29-02-2000', '2000-02-29'],
  ])('accepts %p as %s', (raw, date) => {
    expect(parseBirthDate(raw)).toEqual({ ok: true, date });
  });

  test.each([
    ['31-02-1980', 'IMPOSSIBLE'],
    ['29-02-2001', 'IMPOSSIBLE'],
    ['14-13-1980', 'IMPOSSIBLE'],
    ['14-11-80', 'UNREADABLE'],
    ['1980/11/14', 'UNREADABLE'],
    ['14-11/1980', 'UNREADABLE'],
    ['14 november 1980', 'UNREADABLE'],
    ['11-14-1980', 'IMPOSSIBLE'],
  ])('refuses %p: %s', (raw, problem) => {
    expect(parseBirthDate(raw)).toEqual({ ok: false, problem });
  });
});

describe('birthDateProblem (born from 1900 up to today)', () => {
  test.each([
    ['1899-12-31', 'BEFORE_1900'],
    ['1900-01-01', null],
    ['1980-11-14', null],
    ['2026-11-01', null],
    ['2026-11-02', 'IN_FUTURE'],
  ])('%s → %p', (date, problem) => {
    expect(birthDateProblem(date, '2026-11-01')).toBe(problem);
  });
});

describe('validateRows', () => {
  it('reads a valid row, trimming names but keeping them as written', () => {
    const row = cells({ memberNumber: ' 0042 ', familyName: "  d'Abreu ", namePrefix: ' van der ', givenNames: 'CHÉRIE  Ñaña', birthDate: '1-2-1990' });
    expect(validateRows([row], COLUMNS, NO_OTHER_CLUBS)).toEqual({
      members: [{ row: 2, memberNumber: '0042', familyName: "d'Abreu", namePrefix: 'van der', givenNames: 'CHÉRIE  Ñaña', birthDate: '1990-02-01' }],
      errors: [],
    });
  });

  it('leaves prefix and birth date empty when the cells or the columns are empty', () => {
    const withoutColumns = matchHeaders(['Lidnummer', 'Achternaam', 'Voornamen']).columns;
    expect(validateRows([['10234', 'Pinas', 'Ruben']], withoutColumns, NO_OTHER_CLUBS).members).toEqual([imported({ birthDate: null })]);
    expect(validateRows([cells({ birthDate: '  ' })], COLUMNS, NO_OTHER_CLUBS).members).toEqual([imported({ birthDate: null })]);
  });

  test.each<[string, string[], ImportErrorCode, MemberField, string]>([
    ['no member number', cells({ memberNumber: '' }), 'MISSING_MEMBER_NUMBER', 'memberNumber', 'Rij 2: lidnummer ontbreekt'],
    ['only spaces as member number', cells({ memberNumber: '   ' }), 'MISSING_MEMBER_NUMBER', 'memberNumber', 'Rij 2: lidnummer ontbreekt'],
    [
      'a space inside the member number', cells({ memberNumber: 'TS 10021' }), 'MALFORMED_MEMBER_NUMBER', 'memberNumber',
      "Rij 2: lidnummer 'TS 10021' is ongeldig; een lidnummer bestaat uit letters, cijfers en streepjes, zoals de bond het schrijft (bijvoorbeeld TS-10021 of 100233; hoogstens 20 tekens, of 10 cijfers als het alleen uit cijfers bestaat)",
    ],
    [
      'a member number of 11 digits', cells({ memberNumber: '31612345678' }), 'MALFORMED_MEMBER_NUMBER', 'memberNumber',
      "Rij 2: lidnummer '31612345678' is ongeldig; een lidnummer bestaat uit letters, cijfers en streepjes, zoals de bond het schrijft (bijvoorbeeld TS-10021 of 100233; hoogstens 20 tekens, of 10 cijfers als het alleen uit cijfers bestaat)",
    ],
    ['no family name', cells({ familyName: ' ' }), 'EMPTY_NAME', 'familyName', 'Rij 2: achternaam ontbreekt'],
    ['no given names', cells({ givenNames: '' }), 'EMPTY_NAME', 'givenNames', 'Rij 2: voornamen ontbreken'],
    ['a birth date that does not exist', cells({ birthDate: '31-02-1980' }), 'INVALID_BIRTH_DATE', 'birthDate', "Rij 2: geboortedatum '31-02-1980' bestaat niet"],
    [
      'a birth date with a two-digit year', cells({ birthDate: '14-11-80' }), 'INVALID_BIRTH_DATE', 'birthDate',
      "Rij 2: geboortedatum '14-11-80' is niet te lezen; schrijf de datum als dd-mm-jjjj, bijvoorbeeld 23-04-1985",
    ],
  ])('%s', (_description, row, code, field, message) => {
    const result = validateRows([row], COLUMNS, NO_OTHER_CLUBS);
    expect(result.members).toEqual([]);
    expect(result.errors.map(({ row, code, field, message }) => ({ row, code, field, message }))).toEqual([{ row: 2, code, field, message }]);
  });

  it('Regel 2: refuses a member already on the list of another club, naming the club and the member', () => {
    const otherClubMembers = new Map([['10234', 'TV Kaaiman']]);
    const row = cells({ familyName: 'Doëlla', namePrefix: 'van', givenNames: 'Chérie' });
    expect(validateRows([row], COLUMNS, { otherClubMembers }).errors).toEqual([{
      row: 2,
      field: 'memberNumber',
      code: 'ON_OTHER_CLUB_LIST',
      memberNumber: '10234',
      message:
        'Rij 2: lidnummer 10234 (Chérie van Doëlla) staat dit seizoen al op de moederlijst van TV Kaaiman; ' +
        'een lid kan maar bij één vereniging ingeschreven staan en overschrijven gaat via de bond (Regel 2)',
    }]);
  });

  it('Regel 2: names no club the reader may not know; the name in parentheses is the file\'s own', () => {
    const otherClubMembers = new Map([['10234', null]]);
    expect(validateRows([cells()], COLUMNS, { otherClubMembers }).errors.map((e) => e.message)).toEqual([
      'Rij 2: lidnummer 10234 (Ruben Pinas) staat dit seizoen al op de moederlijst van een andere vereniging; ' +
        'een lid kan maar bij één vereniging ingeschreven staan en overschrijven gaat via de bond (Regel 2)',
    ]);
  });

  test.each<[string, Partial<Record<MemberField, string>>, MemberField, string]>([
    ['a family name of 101 characters', { familyName: 'a'.repeat(101) }, 'familyName', 'Rij 2: achternaam is te lang (101 tekens; hoogstens 100)'],
    ['a prefix of 31 characters', { namePrefix: 'v'.repeat(31) }, 'namePrefix', 'Rij 2: tussenvoegsel is te lang (31 tekens; hoogstens 30)'],
    ['given names of 151 characters', { givenNames: 'é'.repeat(151) }, 'givenNames', 'Rij 2: voornamen zijn te lang (151 tekens; hoogstens 150)'],
  ])('refuses %s as a row error (names are never cut off)', (_what, overrides, field, message) => {
    const result = validateRows([cells(overrides)], COLUMNS, NO_OTHER_CLUBS);
    expect(result.members).toEqual([]);
    expect(result.errors).toEqual([{ row: 2, field, code: 'NAME_TOO_LONG', message, memberNumber: '10234' }]);
  });

  test.each([
    ['a bell (BEL) in the family name', { familyName: 'Jan\u0007sen' }, 'familyName', 'de achternaam'],
    ['a right-to-left override (U+202E) in the given names', { givenNames: 'Ro\u202Ebert' }, 'givenNames', 'de voornaam'],
    ['an escape in the prefix', { namePrefix: 'va\u001bn' }, 'namePrefix', 'het tussenvoegsel'],
  ] as const)('refuses %s as a row error', (_what, overrides, field, words) => {
    const result = validateRows([cells(overrides)], COLUMNS, NO_OTHER_CLUBS);
    expect(result.members).toEqual([]);
    expect(result.errors).toEqual([
      {
        row: 2,
        field,
        code: 'FORBIDDEN_CHARACTERS',
        message: `Rij 2: ${words} bevat een stuurteken of een onzichtbaar teken dat de schrijfrichting omdraait; typ de naam opnieuw met gewone tekens`,
        memberNumber: '10234',
      },
    ]);
  });

  it('accepts accents, apostrophes, dashes and emoji in names', () => {
    const result = validateRows([cells({ familyName: "D'Açoek-Ré", givenNames: 'Šárka 😀' })], COLUMNS, NO_OTHER_CLUBS);
    expect(result.errors).toEqual([]);
  });

  it('accepts names of exactly the maximum length, counting characters rather than bytes', () => {
    const result = validateRows([cells({ familyName: 'ë'.repeat(100), namePrefix: 'v'.repeat(30), givenNames: '😀'.repeat(150) })], COLUMNS, NO_OTHER_CLUBS);
    expect(result.errors).toEqual([]);
  });

  test.each([
    ['31-12-1899', "Rij 2: geboortedatum '31-12-1899' ligt vóór 1900"],
    ['02-11-2026', "Rij 2: geboortedatum '02-11-2026' ligt in de toekomst"],
  ])('refuses the birth date %p', (birthDate, message) => {
    const result = validateRows([cells({ birthDate })], COLUMNS, { ...NO_OTHER_CLUBS, today: '2026-11-01' });
    expect(result.errors).toEqual([{ row: 2, field: 'birthDate', code: 'INVALID_BIRTH_DATE', message, memberNumber: '10234' }]);
  });

  test.each(['01-01-1900', '01-11-2026'])('accepts the birth date %p (the bounds themselves)', (birthDate) => {
    expect(validateRows([cells({ birthDate })], COLUMNS, { ...NO_OTHER_CLUBS, today: '2026-11-01' }).errors).toEqual([]);
  });

  it('refuses a member number that occurs twice, naming both rows; the first row is read', () => {
    const rows = [cells({ memberNumber: '10234' }), cells({ memberNumber: '20001' }), cells({ memberNumber: 'ts-10234 ', givenNames: 'Rubén' })];
    rows[0] = cells({ memberNumber: 'TS-10234' });
    const result = validateRows(rows, COLUMNS, NO_OTHER_CLUBS);
    expect(result.members.map((m) => m.row)).toEqual([2, 3]);
    expect(result.errors).toEqual([{
      row: 4,
      field: 'memberNumber',
      code: 'DUPLICATE_IN_FILE',
      memberNumber: 'TS-10234',
      message: 'Rij 4: lidnummer TS-10234 staat ook al in rij 2; elk lid mag maar één keer op de lijst staan',
    }]);
  });

  it('reads the same digits with and without leading zeros as two members (RULES.md: as the federation writes it)', () => {
    const rows = [cells({ memberNumber: '10234' }), cells({ memberNumber: '010234', givenNames: 'Rubén' })];
    const result = validateRows(rows, COLUMNS, NO_OTHER_CLUBS);
    expect(result.errors).toEqual([]);
    expect(result.members.map((m) => m.memberNumber)).toEqual(['10234', '010234']);
  });

  it('reports every error of a row', () => {
    const result = validateRows([cells({ memberNumber: '', familyName: '', givenNames: '', birthDate: '30-02-1990' })], COLUMNS, NO_OTHER_CLUBS);
    expect(result.errors.map((e) => e.code)).toEqual(['MISSING_MEMBER_NUMBER', 'EMPTY_NAME', 'EMPTY_NAME', 'INVALID_BIRTH_DATE']);
  });

  it('skips blank rows silently and keeps counting them, as the spreadsheet does', () => {
    const rows = [cells({ memberNumber: '1' }), ['', ' ', '', '', ''], [], cells({ memberNumber: '' }), ['', '', '', '', '']];
    const result = validateRows(rows, COLUMNS, NO_OTHER_CLUBS);
    expect(result.members.map((m) => m.row)).toEqual([2]);
    expect(result.errors.map((e) => e.message)).toEqual(['Rij 5: lidnummer ontbreekt']);
  });

  it('validates a row with only some cells filled, including a short row', () => {
    const result = validateRows([['10234', 'Pinas']], COLUMNS, NO_OTHER_CLUBS);
    expect(result.errors.map((e) => e.message)).toEqual(['Rij 2: voornamen ontbreken']);
  });

  it('numbers rows from firstRowNumber', () => {
    const result = validateRows([cells({ memberNumber: '' })], COLUMNS, { ...NO_OTHER_CLUBS, firstRowNumber: 4 });
    expect(result.errors[0].row).toBe(4);
  });
});

describe('diffMemberList (the file is the complete list)', () => {
  const stored = [
    existing({ id: 'e1', memberNumber: '1', familyName: 'Pinas' }),
    existing({ id: 'e2', memberNumber: '2', familyName: 'Doela' }),
    existing({ id: 'e3', memberNumber: '3', namePrefix: 'van', birthDate: null }),
    existing({ id: 'e4', memberNumber: '4', familyName: 'Sital' }),
  ];

  it('sorts every member into added, changed, removed or unchanged', () => {
    const file = [
      imported({ row: 2, memberNumber: '1', familyName: 'Pinas' }),
      imported({ row: 3, memberNumber: '2', familyName: 'Doëlla' }),
      imported({ row: 4, memberNumber: '3', namePrefix: 'van der', birthDate: '1980-11-14' }),
      imported({ row: 5, memberNumber: '5', familyName: 'Kanhai' }),
    ];
    expect(diffMemberList(stored, file)).toEqual({
      added: [file[3]],
      changed: [
        { memberNumber: '2', before: stored[1], after: file[1], fields: ['familyName'] },
        { memberNumber: '3', before: stored[2], after: file[2], fields: ['namePrefix', 'birthDate'] },
      ],
      removed: [stored[3]],
      unchanged: [file[0]],
    });
  });

  it('sees no change between an empty and a missing prefix', () => {
    const diff = diffMemberList([existing({ namePrefix: '' })], [imported({ namePrefix: null })]);
    expect(diff.changed).toEqual([]);
  });

  it('compares only the given fields', () => {
    const diff = diffMemberList([existing({ birthDate: '1970-01-01' })], [imported({ birthDate: null })], ['familyName', 'givenNames']);
    expect(diff.unchanged).toHaveLength(1);
  });

  it('sees a change of case as a change: names are kept as written', () => {
    expect(diffMemberList([existing({ familyName: 'PINAS' })], [imported({ familyName: 'Pinas' })]).changed[0].fields).toEqual(['familyName']);
  });
});

describe('buildImportPreview', () => {
  const context = { existing: [existing({ id: 'e1', memberNumber: '10234' }), existing({ id: 'e2', memberNumber: '99' })], otherClubMembers: new Map<string, string>() };

  it('combines header matching, validation and the diff; unknown columns become warnings', () => {
    const preview = buildImportPreview(
      {
        headers: [...HEADERS, 'Telefoon'],
        rows: [[...cells(), '0612345678'], [...cells({ memberNumber: '20001', familyName: 'Kanhai' }), ''], ['', '', '', '', '', '']],
      },
      context,
    );
    expect(preview).toMatchObject({ ok: true, rowCount: 2, unchanged: 1, errors: [] });
    expect(preview.added.map((m) => m.familyName)).toEqual(['Kanhai']);
    expect(preview.removed.map((m) => m.id)).toEqual(['e2']);
    expect(preview.members).toHaveLength(2);
    expect(preview.warnings).toEqual([{ code: 'UNKNOWN_COLUMN', column: 6, header: 'Telefoon', message: "Kolom 'Telefoon' (kolom 6) wordt genegeerd" }]);
  });

  it('NOT_A_TABLE: names the missing columns and the headers it saw', () => {
    const preview = buildImportPreview({ headers: ['Naam', 'Adres', '', 'Telefoon'], rows: [['Ruben Pinas', 'Kerkstraat 1', '', '06']] }, context);
    expect(preview.ok).toBe(false);
    expect(preview.errors).toEqual([{
      row: 1,
      code: 'NOT_A_TABLE',
      message:
        'Dit bestand is niet als moederlijst te lezen: de kolommen Lidnummer, Achternaam en Voornamen zijn niet gevonden. ' +
        "Gevonden kolomkoppen: 'Naam', 'Adres', 'Telefoon'. " +
        'Zet de kolomkoppen in de eerste rij, bijvoorbeeld: Lidnummer, Achternaam, Tussenvoegsel, Voornamen, Geboortedatum',
    }]);
    expect(preview.removed).toEqual([]);
  });

  it('NOT_A_TABLE: one missing column', () => {
    const preview = buildImportPreview({ headers: ['Lidnummer', 'Achternaam', 'Roepnaam'], rows: [] }, context);
    expect(preview.errors[0].message).toMatch(/^Dit bestand is niet als moederlijst te lezen: de kolom Voornamen is niet gevonden\. /);
  });

  it('CELLS_WITHOUT_COLUMN: a value right of the last heading refuses its row (a name split by a separator is never silently cut)', () => {
    const preview = buildImportPreview({ headers: ['Lidnummer', 'Achternaam', 'Voornamen'], rows: [['TS-66022', 'Vries', 'de', 'Jan'], ['TS-66023', 'Bakker', 'Piet', '']] }, context);
    expect(preview.ok).toBe(false);
    expect(preview.errors).toEqual([
      {
        row: 2,
        code: 'CELLS_WITHOUT_COLUMN',
        memberNumber: 'TS-66022',
        message: "Rij 2: de waarde 'Jan' staat rechts van de laatste kolom en hoort bij geen kolomkop; staat er een scheidingsteken (; of ,) in een naam, zet die naam dan tussen aanhalingstekens",
      },
    ]);
    expect(preview.members.map((m) => m.memberNumber)).toEqual(['TS-66023']);
  });

  it('NO_MEMBERS: headers only would empty the list, so it is refused', () => {
    const preview = buildImportPreview({ headers: HEADERS, rows: [['', '', '', '', '']] }, context);
    expect(preview.ok).toBe(false);
    expect(preview.errors).toEqual([{ row: 1, code: 'NO_MEMBERS', message: 'Het bestand bevat wel kolomkoppen (rij 1) maar geen leden' }]);
  });

  it('is not ok with row errors, and does not call a member removed whose row has an error', () => {
    const preview = buildImportPreview({ headers: HEADERS, rows: [cells({ birthDate: '31-02-1980' }), cells({ memberNumber: '99' })] }, context);
    expect(preview.ok).toBe(false);
    expect(preview.errors.map((e) => e.code)).toEqual(['INVALID_BIRTH_DATE']);
    expect(preview.removed).toEqual([]);
  });

  it('does not touch stored birth dates when the file has no birth date column', () => {
    const preview = buildImportPreview({ headers: ['Lidnummer', 'Achternaam', 'Voornamen'], rows: [['10234', 'Pinas', 'Ruben']] }, {
      existing: [existing()],
      otherClubMembers: new Map(),
    });
    expect(preview).toMatchObject({ ok: true, unchanged: 1, changed: [] });
  });

  it('warns about a column without header only when it holds data', () => {
    const headers = [...HEADERS, '', ''];
    const preview = buildImportPreview({ headers, rows: [[...cells(), 'aanvoerder', '']] }, context);
    expect(preview.warnings.map((w) => w.message)).toEqual(['Kolom 6 heeft geen kolomkop en wordt genegeerd']);
  });

  it('warns about a second column for the same field', () => {
    const preview = buildImportPreview({ headers: [...HEADERS, 'Voornaam'], rows: [[...cells(), 'Rubi']] }, context);
    expect(preview.warnings.map((w) => w.message)).toEqual([
      "Kolom 'Voornaam' (kolom 6) wordt genegeerd: kolom 4 ('Voornamen') is al gebruikt voor Voornamen",
    ]);
  });

  describe('persons whose stored record the upload keeps (known from another club)', () => {
    const kept = new Map([['10234', existing({ givenNames: 'Rubén' })]]);
    const warning = (row: number, memberNumber: string) => ({
      code: 'MEMBER_KEPT',
      row,
      memberNumber,
      message: `Rij ${row}: gegevens van lidnummer ${memberNumber} worden niet gewijzigd: deze persoon is bij de bond al bekend; vraag de bond om een correctie`,
    });

    it('a new member on the list keeps the stored record; the row gets a warning', () => {
      const preview = buildImportPreview({ headers: HEADERS, rows: [cells()] }, { existing: [], otherClubMembers: new Map(), keptMembers: kept });
      expect(preview).toMatchObject({ ok: true, added: [imported()], changed: [], unchanged: 0 });
      expect(preview.warnings).toEqual([warning(2, '10234')]);
    });

    it('a member on the list whose file row differs is not changed: unchanged, with a warning', () => {
      const preview = buildImportPreview(
        { headers: HEADERS, rows: [cells({ memberNumber: '20001', familyName: 'Kanhai' }), cells()] },
        { existing: [existing({ givenNames: 'Rubén' })], otherClubMembers: new Map(), keptMembers: kept },
      );
      expect(preview).toMatchObject({ ok: true, changed: [], unchanged: 1 });
      expect(preview.added.map((m) => m.memberNumber)).toEqual(['20001']);
      expect(preview.warnings).toEqual([warning(3, '10234')]);
    });

    it('no warning when the file agrees with the stored record on the columns it has', () => {
      const preview = buildImportPreview(
        { headers: ['Lidnummer', 'Achternaam', 'Voornamen'], rows: [['10234', 'Pinas', 'Rubén']] },
        { existing: [], otherClubMembers: new Map(), keptMembers: new Map([['10234', existing({ givenNames: 'Rubén', birthDate: '1950-01-01' })]]) },
      );
      expect(preview.warnings).toEqual([]);
    });
  });

  it('numbers rows from the header row the parser found', () => {
    const preview = buildImportPreview({ headers: HEADERS, rows: [cells({ memberNumber: '' })], headerRowNumber: 3 }, context);
    expect(preview.errors[0].message).toBe('Rij 4: lidnummer ontbreekt');
  });
});

describe('member numbers as the federation writes them, in a whole upload (issue 13.1)', () => {
  test.each<[string, string[][], string[], string[]]>([
    ['TS- numbers are read and stored in capitals', [cells({ memberNumber: 'TS-10021' }), cells({ memberNumber: 'ts-10022 ' })], ['TS-10021', 'TS-10022'], []],
    ['digit-only and TS- numbers side by side', [cells({ memberNumber: '100233' }), cells({ memberNumber: 'TS-10021' })], ['100233', 'TS-10021'], []],
    [
      "'ts-10021 ' and 'TS-10021' are the same person: the second row is a duplicate",
      [cells({ memberNumber: 'TS-10021' }), cells({ memberNumber: 'ts-10021 ' })],
      ['TS-10021'],
      ['Rij 3: lidnummer TS-10021 staat ook al in rij 2; elk lid mag maar één keer op de lijst staan'],
    ],
  ])('%s', (_case, rows, numbers, messages) => {
    const result = validateRows(rows, COLUMNS, NO_OTHER_CLUBS);
    expect(result.members.map((m) => m.memberNumber)).toEqual(numbers);
    expect(result.errors.map((e) => e.message)).toEqual(messages);
  });

  it('a TS- number on another club’s list is found whatever its case in the file', () => {
    const result = validateRows([cells({ memberNumber: 'ts-10021' })], COLUMNS, { otherClubMembers: new Map([['TS-10021', 'Kaiman']]) });
    expect(result.errors).toEqual([expect.objectContaining({ code: 'ON_OTHER_CLUB_LIST', memberNumber: 'TS-10021' })]);
  });

  it('the stored list diffs against the canonical number: re-uploading in small letters changes nothing', () => {
    const preview = buildImportPreview(
      { headers: HEADERS, rows: [cells({ memberNumber: ' ts-10021' })] },
      { existing: [existing({ memberNumber: 'TS-10021' })], otherClubMembers: new Map() },
    );
    expect(preview).toMatchObject({ ok: true, added: [], changed: [], removed: [], unchanged: 1 });
  });
});
