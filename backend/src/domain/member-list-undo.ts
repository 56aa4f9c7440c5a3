/**
 * RULES.md "A list upload is the whole list, and a mistake is undone" (revised 2026-12-06):
 * the second confirmation of an upload that removes much of the list, the registration a member
 * keeps when added again soon after being taken off, and putting a list back as it was before an
 * upload. Pure functions over plain data; the member-list services load the rows and write the
 * answer.
 */
import { addDays, compareDates, IsoDate } from './dates';
import type { CompetitionSettings } from './settings';

export type UndoSettings = Pick<CompetitionSettings, 'memberRemovalConfirmPercent' | 'memberListRestoreDays' | 'memberReaddDays'>;

// ───────────────────────── the second confirmation ─────────────────────────

/**
 * An upload that removes more than `percent` % of the members now on the list needs a second,
 * explicit confirmation that names the number (RULES.md: "more than a quarter of the list").
 * 12 of 15 → yes; 3 of 15 → no; 4 of 15 (26.7 %) → yes; 1 of 4 (exactly a quarter) → no.
 * An empty list loses nobody.
 */
export function removalNeedsConfirmation(listSize: number, removed: number, settings: Pick<UndoSettings, 'memberRemovalConfirmPercent'>): boolean {
  return removed > 0 && removed * 100 > settings.memberRemovalConfirmPercent * listSize;
}

/**
 * The confirmation of such an upload must carry the number it removes (`acknowledged`); anything
 * else (nothing, another number) is refused with this message. Null: the confirmation may go on.
 */
export function removalRefusal(listSize: number, removed: number, acknowledged: number | null | undefined, settings: Pick<UndoSettings, 'memberRemovalConfirmPercent'>): string | null {
  if (!removalNeedsConfirmation(listSize, removed, settings) || acknowledged === removed) return null;
  const who = removed === 1 ? '1 lid' : `${removed} leden`;
  return (
    `Dit bestand voert ${who} van de ${listSize} af: ${removed === listSize ? 'de hele moederlijst' : `meer dan ${settings.memberRemovalConfirmPercent}% van de moederlijst`}. ` +
    `Er is niets opgeslagen. Het bestand moet de hele lijst bevatten; klopt het toch, bevestig dan nog een keer dat ${who} ${removed === 1 ? 'wordt' : 'worden'} afgevoerd.`
  );
}

// ───────────────────────── added again soon after ─────────────────────────

/** This club's earlier registration of the member this season, taken off the list on `removedOn`. */
export interface EndedRegistration {
  registeredOn: IsoDate;
  registeredOnReason: string | null;
  /** The day (in the Netherlands) the member was taken off. */
  removedOn: IsoDate;
}

export interface Registration {
  registeredOn: IsoDate;
  reason: string | null;
}

/**
 * The registration of a member put on the club's list: a member taken off this club's list and
 * added to it again within `memberReaddDays` days keeps the original registration date ("the
 * removal was a mistake, not a new registration"); anyone else is registered as asked (today,
 * or the earlier date an administrator records). Being on this club's list (removed) in between
 * means being on no other club's list: a person is on one list per season.
 *
 * Decision: when an administrator records an earlier date than the original one, the earlier of
 * the two counts (it never makes a registration later).
 */
export function registrationOnReturn(earlier: EndedRegistration | null, asked: Registration, today: IsoDate, settings: Pick<UndoSettings, 'memberReaddDays'>): Registration & { kept: boolean } {
  const within = earlier !== null && compareDates(today, addDays(earlier.removedOn, settings.memberReaddDays)) <= 0;
  if (!within || compareDates(asked.registeredOn, earlier.registeredOn) < 0) return { ...asked, kept: false };
  return { registeredOn: earlier.registeredOn, reason: earlier.registeredOnReason, kept: true };
}

// ───────────────────────── putting a list back ─────────────────────────

/** The last day on which an upload made on `uploadedOn` may be put back. */
export function restorableUntil(uploadedOn: IsoDate, settings: Pick<UndoSettings, 'memberListRestoreDays'>): IsoDate {
  return addDays(uploadedOn, settings.memberListRestoreDays);
}

export interface PersonFields {
  familyName: string;
  namePrefix: string | null;
  givenNames: string;
  birthDate: IsoDate | null;
}

const PERSON_FIELDS = ['familyName', 'namePrefix', 'givenNames', 'birthDate'] as const;
type PersonField = (typeof PERSON_FIELDS)[number];

/** What an upload did to the list, kept with it so it can be undone (member_list_uploads.changes). */
export interface UploadChanges {
  /** Entries the upload put on the list, with the registration it gave them. */
  added: { entryId: string; memberNumber: string; registeredOn: IsoDate }[];
  /** Entries it took off, with the registration they had. */
  removed: { entryId: string; memberNumber: string; registeredOn: IsoDate; registeredOnReason: string | null }[];
  /** Persons whose record it changed: only the fields it wrote, before and after. */
  changed: { memberId: string; memberNumber: string; before: Partial<PersonFields>; after: Partial<PersonFields> }[];
}

/** An entry named in an upload's changes, as it is now (absent: no longer on this club's list this season). */
export interface EntryNow {
  entryId: string;
  /** On this club's list, possibly taken off; false when it moved to another club's list (Regel 2). */
  onThisList: boolean;
  removed: boolean;
  registeredOn: IsoDate;
}

export type RestoreStep =
  /** Taken off by the upload and still off: back on the list with the original registration. */
  | { kind: 'BRING_BACK'; entryId: string; memberNumber: string; registeredOn: IsoDate; registeredOnReason: string | null }
  /** Taken off by the upload and on the list again since, registered later: the original date again. */
  | { kind: 'REGISTRATION_BACK'; entryId: string; memberNumber: string; registeredOn: IsoDate; registeredOnReason: string | null }
  /** Put on the list by the upload and still on it: taken off. */
  | { kind: 'TAKE_OFF'; entryId: string; memberNumber: string }
  /** A record the upload changed: the fields that still hold what the upload wrote get their earlier value. */
  | { kind: 'RECORD_BACK'; memberId: string; memberNumber: string; fields: Partial<PersonFields> };

export type KeptReason =
  /** Taken off by the upload, then transferred to another club's list (Regel 2): it stays there. */
  | 'TRANSFERRED'
  /** A field of the record the upload changed was changed again since: the later change stays. */
  | 'RECORD_CHANGED_SINCE';

export interface RestorePlan {
  steps: RestoreStep[];
  /** What the restore leaves as a later change made it, by member number. */
  kept: { memberNumber: string; reason: KeptReason }[];
  counts: { back: number; off: number; records: number; kept: number };
}

/**
 * Putting the list back as it was before an upload (RULES.md: "the club (and the federation) can
 * restore the list as it was before an upload … the restore brings back each member's original
 * registration date"). Only what the upload changed is put back, each member compared with what
 * the upload left:
 * - a member it took off comes back with the registration they had (also when added again since
 *   and registered later, e.g. by uploading an exported list again);
 * - a member it put on the list is taken off (again, from the moment of the restore: matches
 *   played meanwhile keep their players);
 * - a record it changed gets its earlier names and birth date, field by field.
 *
 * Decision (RULES.md does not say what happens to later changes): changes made after the upload
 * stay. A member it did not touch stays as they are (added, taken off or edited since), a member
 * transferred to another club since stays there, a field edited since keeps the later value. So
 * with no change in between the list is exactly as before the upload, and a restore never undoes
 * someone else's later work; a restore never makes a registration date later.
 */
export function planRestore(changes: UploadChanges, now: ReadonlyMap<string, EntryNow>, records: ReadonlyMap<string, PersonFields>): RestorePlan {
  const steps: RestoreStep[] = [];
  const kept: RestorePlan['kept'] = [];
  for (const member of changes.removed) {
    const entry = now.get(member.entryId);
    const back = { entryId: member.entryId, memberNumber: member.memberNumber, registeredOn: member.registeredOn, registeredOnReason: member.registeredOnReason };
    if (!entry?.onThisList) kept.push({ memberNumber: member.memberNumber, reason: 'TRANSFERRED' });
    else if (entry.removed) steps.push({ kind: 'BRING_BACK', ...back });
    else if (compareDates(entry.registeredOn, member.registeredOn) > 0) steps.push({ kind: 'REGISTRATION_BACK', ...back });
  }
  for (const member of changes.added) {
    const entry = now.get(member.entryId);
    if (entry?.onThisList && !entry.removed) steps.push({ kind: 'TAKE_OFF', entryId: member.entryId, memberNumber: member.memberNumber });
  }
  for (const change of changes.changed) {
    const record = records.get(change.memberId);
    if (!record) continue;
    const written = (Object.keys(change.after) as PersonField[]).filter((field) => PERSON_FIELDS.includes(field));
    const still = written.filter((field) => (record[field] ?? null) === (change.after[field] ?? null));
    if (still.length < written.length) kept.push({ memberNumber: change.memberNumber, reason: 'RECORD_CHANGED_SINCE' });
    const fields = Object.fromEntries(still.filter((field) => (change.before[field] ?? null) !== (record[field] ?? null)).map((field) => [field, change.before[field] ?? null]));
    if (Object.keys(fields).length > 0) steps.push({ kind: 'RECORD_BACK', memberId: change.memberId, memberNumber: change.memberNumber, fields });
  }
  const count = (...kinds: RestoreStep['kind'][]) => steps.filter((step) => kinds.includes(step.kind)).length;
  return { steps, kept, counts: { back: count('BRING_BACK', 'REGISTRATION_BACK'), off: count('TAKE_OFF'), records: count('RECORD_BACK'), kept: kept.length } };
}

export type RestoreRefusal = 'ALREADY_RESTORED' | 'RESTORE_EXPIRED' | 'FEDERATION_UPLOAD';

/**
 * Who may put an upload back, and until when: the club's secretary and the federation, for
 * `memberListRestoreDays` days after the upload, once.
 *
 * Decision: an upload the federation made (an administrator, e.g. entering history with earlier
 * registration dates) is put back only by the federation; the club asks the federation.
 */
export function restoreRefusal(
  upload: { uploadedOn: IsoDate; byFederation: boolean; restored: boolean },
  by: { federation: boolean },
  today: IsoDate,
  settings: Pick<UndoSettings, 'memberListRestoreDays'>,
): RestoreRefusal | null {
  if (upload.restored) return 'ALREADY_RESTORED';
  if (compareDates(today, restorableUntil(upload.uploadedOn, settings)) > 0) return 'RESTORE_EXPIRED';
  if (upload.byFederation && !by.federation) return 'FEDERATION_UPLOAD';
  return null;
}
