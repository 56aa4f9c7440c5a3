/**
 * A club secretary may put a person the federation already knows from another club's list on
 * their own list only by naming that person as the federation knows them: the member number
 * alone (numbers are sequential) must never reveal who someone is. Pure.
 */
import type { ExistingMember, ImportError, ImportPreview } from './member-import';

export interface PersonRecord {
  familyName: string;
  namePrefix: string | null;
  givenNames: string;
  /** YYYY-MM-DD */
  birthDate: string | null;
}

/** "  Van  Doëlla" → "van doella": case, accents and extra spaces do not count. */
function loose(text: string | null): string {
  return (text ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s'’`-]+/g, ' ')
    .trim();
}

/**
 * Whether what a secretary typed names the stored person: the same family name (with its
 * prefix, wherever the prefix was written), the same given names, and, when both are known,
 * the same birth date. Case, accents, apostrophes, dashes and spaces are ignored.
 */
export function namesKnownPerson(typed: PersonRecord, stored: PersonRecord): boolean {
  const family = (person: PersonRecord) => loose(`${person.namePrefix ?? ''} ${person.familyName}`);
  if (family(typed) !== family(stored)) return false;
  if (loose(typed.givenNames) !== loose(stored.givenNames)) return false;
  return !typed.birthDate || !stored.birthDate || typed.birthDate === stored.birthDate;
}

/** The refusal when the typed record does not name the stored person; reveals nothing of it. */
export function unknownPersonMessage(memberNumber: string): string {
  return (
    `Lidnummer ${memberNumber} is bij de bond bekend onder een andere naam of geboortedatum. ` +
    'Controleer het lidnummer, de achternaam, de voornamen en de geboortedatum; kloppen ze, vraag de bond dan om een correctie.'
  );
}

/**
 * An upload's rows that put a person on the list under another name than the federation knows
 * (`known`: member number → stored record, only persons the uploader may not rewrite or see)
 * become row errors: such a row is not added, and the preview is not ok.
 */
export function refuseUnknownPersons<E extends ExistingMember>(preview: ImportPreview<E>, known: ReadonlyMap<string, ExistingMember>): ImportPreview<E> {
  const refused = preview.added.filter((member) => {
    const stored = known.get(member.memberNumber);
    return stored !== undefined && !namesKnownPerson(member, stored);
  });
  if (refused.length === 0) return preview;
  const rows = new Set(refused.map((member) => member.row));
  const errors = refused.map(
    ({ row, memberNumber }): ImportError => ({
      row,
      field: 'memberNumber',
      code: 'MEMBER_KNOWN_OTHERWISE',
      message: `Rij ${row}: lidnummer ${memberNumber} is bij de bond bekend onder een andere naam of geboortedatum; controleer de rij, of vraag de bond om een correctie`,
      memberNumber,
    }),
  );
  return {
    ...preview,
    ok: false,
    members: preview.members.filter((member) => !rows.has(member.row)),
    added: preview.added.filter((member) => !rows.has(member.row)),
    errors: [...preview.errors, ...errors].sort((a, b) => a.row - b.row),
    warnings: preview.warnings.filter((warning) => !(warning.code === 'MEMBER_KEPT' && rows.has(warning.row))),
  };
}
