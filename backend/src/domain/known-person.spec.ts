import { namesKnownPerson, PersonRecord, refuseUnknownPersons, unknownPersonMessage } from './known-person';
import type { ImportedMember, ImportPreview } from './member-import';

const STORED: PersonRecord = { familyName: 'Doëlla', namePrefix: 'van', givenNames: 'Chérie Ñaña', birthDate: '1984-03-12' };

describe('namesKnownPerson (a secretary names a person the federation knows)', () => {
  test.each<[string, Partial<PersonRecord>, boolean]>([
    ['exactly as stored', {}, true],
    ['other case, without accents, extra spaces', { familyName: ' DOELLA ', givenNames: 'cherie  nana' }, true],
    ['the prefix written in the family name', { familyName: 'van Doëlla', namePrefix: null }, true],
    ['without a birth date', { birthDate: null }, true],
    ['a made-up family name', { familyName: 'Anders' }, false],
    ['made-up given names', { givenNames: 'Iemand' }, false],
    ['only the first given name', { givenNames: 'Chérie' }, false],
    ['another prefix', { namePrefix: 'de' }, false],
    ['another birth date', { birthDate: '1984-03-13' }, false],
  ])('%s → %p', (_what, typed, expected) => {
    expect(namesKnownPerson({ ...STORED, ...typed }, STORED)).toBe(expected);
  });

  it('a stored record without birth date accepts any typed birth date', () => {
    expect(namesKnownPerson({ ...STORED, birthDate: '2000-01-01' }, { ...STORED, birthDate: null })).toBe(true);
  });

  it('the refusal names only the number', () => {
    const message = unknownPersonMessage('10234');
    expect(message).toMatch(/^Lidnummer 10234 is bij de bond bekend onder een andere naam of geboortedatum\./);
    for (const secret of ['Doëlla', 'Chérie', '1984']) expect(message).not.toContain(secret);
  });
});

describe('refuseUnknownPersons (an upload by a secretary)', () => {
  const stored = { memberNumber: '10234', familyName: 'Doëlla', namePrefix: 'van', givenNames: 'Chérie', birthDate: '1984-03-12' };
  const row = (overrides: Partial<ImportedMember>): ImportedMember => ({ row: 2, memberNumber: '10234', familyName: 'Doëlla', namePrefix: 'van', givenNames: 'Chérie', birthDate: null, ...overrides });
  const preview = (added: ImportedMember[]): ImportPreview => ({
    ok: true,
    rowCount: added.length,
    members: added,
    added,
    changed: [],
    removed: [],
    unchanged: 0,
    errors: [],
    warnings: added.map((m) => ({ code: 'MEMBER_KEPT' as const, row: m.row, memberNumber: m.memberNumber, message: `Rij ${m.row}: …` })),
  });

  it('a row naming the person as stored stays, with its warning', () => {
    const shown = preview([row({ familyName: 'DOELLA' })]);
    expect(refuseUnknownPersons(shown, new Map([['10234', stored]]))).toBe(shown);
  });

  it('a row naming the person differently becomes a row error and is not added', () => {
    const own = row({ row: 3, memberNumber: '555', familyName: 'Eigen' });
    const result = refuseUnknownPersons(preview([row({ familyName: 'Anders' }), own]), new Map([['10234', stored]]));
    expect(result).toMatchObject({ ok: false, added: [own], members: [own], warnings: [expect.objectContaining({ row: 3 })] });
    expect(result.errors).toEqual([
      {
        row: 2,
        field: 'memberNumber',
        code: 'MEMBER_KNOWN_OTHERWISE',
        memberNumber: '10234',
        message: 'Rij 2: lidnummer 10234 is bij de bond bekend onder een andere naam of geboortedatum; controleer de rij, of vraag de bond om een correctie',
      },
    ]);
    expect(JSON.stringify(result)).not.toContain('Doëlla');
  });
});
