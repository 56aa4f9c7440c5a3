import fc from 'fast-check';
import {
  EntryNow,
  PersonFields,
  planRestore,
  registrationOnReturn,
  removalNeedsConfirmation,
  removalRefusal,
  restorableUntil,
  restoreRefusal,
  UploadChanges,
} from './member-list-undo';
import { DEFAULT_SETTINGS } from './settings';

const S = DEFAULT_SETTINGS;

describe('an upload that removes more than a quarter of the list asks once more, naming the number (RULES.md, 2026-12-06)', () => {
  test.each([
    ['the issue: 3 new members in the file, 12 of 15 removed', 15, 12, true],
    ['the whole list removed', 12, 12, true],
    ['4 of 15 (26.7 %) is more than a quarter', 15, 4, true],
    ['3 of 15 (20 %) is not', 15, 3, false],
    ['exactly a quarter (1 of 4) is not more than a quarter', 4, 1, false],
    ['2 of 4 is', 4, 2, true],
    ['nobody removed', 15, 0, false],
    ['an empty list loses nobody', 0, 0, false],
  ])('%s: %i on the list, %i removed → second confirmation %s', (_, listSize, removed, asks) => {
    expect(removalNeedsConfirmation(listSize, removed, S)).toBe(asks);
  });

  test.each([
    ['no acknowledgement', undefined, false],
    ['null', null, false],
    ['another number', 3, false],
    ['zero', 0, false],
    ['the number removed', 12, true],
  ])('12 of 15 removed, confirmed with %s → %s', (_, acknowledged, goesOn) => {
    const refusal = removalRefusal(15, 12, acknowledged, S);
    expect(refusal === null).toBe(goesOn);
    if (refusal) expect(refusal).toBe('Dit bestand voert 12 leden van de 15 af: meer dan 25% van de moederlijst. Er is niets opgeslagen. Het bestand moet de hele lijst bevatten; klopt het toch, bevestig dan nog een keer dat 12 leden worden afgevoerd.');
  });

  it('names the whole list when everyone goes, and needs nothing below the setting', () => {
    expect(removalRefusal(5, 5, null, S)).toMatch(/^Dit bestand voert 5 leden van de 5 af: de hele moederlijst\./);
    expect(removalRefusal(15, 3, null, S)).toBeNull();
    expect(removalRefusal(15, 3, null, { memberRemovalConfirmPercent: 10 })).toMatch(/meer dan 10% van de moederlijst/);
  });
});

describe('a member added again to the same club within 14 days keeps the original registration date', () => {
  const earlier = { registeredOn: '2026-08-20', registeredOnReason: null, removedOn: '2026-11-02' };
  const today = (date: string) => ({ registeredOn: date, reason: null });
  test.each([
    ['the same day', '2026-11-02', '2026-08-20', true],
    ['on day 14', '2026-11-16', '2026-08-20', true],
    ['on day 15: a new registration (Regel 3B)', '2026-11-17', '2026-11-17', false],
  ])('taken off 02-11-2026, added again %s → registered on %s', (_, on, registeredOn, kept) => {
    expect(registrationOnReturn(earlier, today(on), on, S)).toEqual({ registeredOn, reason: null, kept });
  });

  it('anyone never on this club’s list this season is a new registration', () => {
    expect(registrationOnReturn(null, today('2026-11-03'), '2026-11-03', S)).toEqual({ registeredOn: '2026-11-03', reason: null, kept: false });
  });

  it('keeps the reason of an administrator’s earlier date with it; an earlier date the administrator records counts when earlier still', () => {
    const recorded = { registeredOn: '2026-08-20', registeredOnReason: 'Stond op de papieren lijst', removedOn: '2026-11-02' };
    expect(registrationOnReturn(recorded, today('2026-11-03'), '2026-11-03', S)).toEqual({ registeredOn: '2026-08-20', reason: 'Stond op de papieren lijst', kept: true });
    expect(registrationOnReturn(recorded, { registeredOn: '2026-08-01', reason: 'Eerder' }, '2026-11-03', S)).toEqual({ registeredOn: '2026-08-01', reason: 'Eerder', kept: false });
  });

  it('follows the setting', () => {
    expect(registrationOnReturn(earlier, today('2026-11-05'), '2026-11-05', { memberReaddDays: 2 })).toMatchObject({ registeredOn: '2026-11-05', kept: false });
  });
});

describe('who may put a list back, and until when', () => {
  const upload = { uploadedOn: '2026-11-02', byFederation: false, restored: false };
  test.each([
    ['the club, the same day', upload, false, '2026-11-02', null],
    ['the club, on day 14', upload, false, '2026-11-16', null],
    ['the club, on day 15', upload, false, '2026-11-17', 'RESTORE_EXPIRED'],
    ['the club, a second time', { ...upload, restored: true }, false, '2026-11-03', 'ALREADY_RESTORED'],
    ['the club, an upload the federation made', { ...upload, byFederation: true }, false, '2026-11-03', 'FEDERATION_UPLOAD'],
    ['the federation, an upload the club made', upload, true, '2026-11-03', null],
    ['the federation, its own upload', { ...upload, byFederation: true }, true, '2026-11-03', null],
  ] as const)('%s → %s', (_, which, federation, today, refusal) => {
    expect(restoreRefusal(which, { federation }, today, S)).toBe(refusal);
  });

  it('an upload of 02-11-2026 can be put back up to and including 16-11-2026', () => {
    expect(restorableUntil('2026-11-02', S)).toBe('2026-11-16');
  });
});

const person = (familyName: string, givenNames = 'Ricardo'): PersonFields => ({ familyName, namePrefix: null, givenNames, birthDate: null });
const onList = (entryId: string, registeredOn: string, removed = false): [string, EntryNow] => [entryId, { entryId, onThisList: true, removed, registeredOn }];

describe('putting the list back as it was before an upload', () => {
  // The issue: a file with three new members took off the other twelve (here two of them).
  const changes: UploadChanges = {
    added: [{ entryId: 'new', memberNumber: 'N1', registeredOn: '2026-11-02' }],
    removed: [
      { entryId: 'a', memberNumber: 'A', registeredOn: '2026-08-20', registeredOnReason: null },
      { entryId: 'b', memberNumber: 'B', registeredOn: '2026-08-20', registeredOnReason: 'Papieren lijst' },
    ],
    changed: [{ memberId: 'm-c', memberNumber: 'C', before: { givenNames: 'Glenn' }, after: { givenNames: 'Glen' } }],
  };
  const untouched = new Map([onList('new', '2026-11-02'), onList('a', '2026-08-20', true), onList('b', '2026-08-20', true)]);
  const records = new Map([['m-c', person('Wong', 'Glen')]]);

  it('nothing changed since: those taken off come back with their registration, those added go off, records get their earlier value', () => {
    expect(planRestore(changes, untouched, records)).toEqual({
      steps: [
        { kind: 'BRING_BACK', entryId: 'a', memberNumber: 'A', registeredOn: '2026-08-20', registeredOnReason: null },
        { kind: 'BRING_BACK', entryId: 'b', memberNumber: 'B', registeredOn: '2026-08-20', registeredOnReason: 'Papieren lijst' },
        { kind: 'TAKE_OFF', entryId: 'new', memberNumber: 'N1' },
        { kind: 'RECORD_BACK', memberId: 'm-c', memberNumber: 'C', fields: { givenNames: 'Glenn' } },
      ],
      kept: [],
      counts: { back: 2, off: 1, records: 1, kept: 0 },
    });
  });

  test.each([
    [
      'a member taken off and registered anew since (the exported list uploaded again) gets the original date back',
      new Map([...untouched, onList('a', '2026-11-03')]),
      records,
      { kind: 'REGISTRATION_BACK', entryId: 'a', memberNumber: 'A', registeredOn: '2026-08-20', registeredOnReason: null },
      null,
    ],
    ['a member taken off and added again since with the original date: nothing to do', new Map([...untouched, onList('a', '2026-08-20')]), records, null, null],
    [
      'a member taken off and transferred to another club since stays there (Regel 2)',
      new Map([...untouched, ['a', { entryId: 'a', onThisList: false, removed: false, registeredOn: '2026-11-03' }] as [string, EntryNow]]),
      records,
      null,
      { memberNumber: 'A', reason: 'TRANSFERRED' },
    ],
    ['a member added by the upload and taken off since: nothing to do', new Map([...untouched, onList('new', '2026-11-02', true)]), records, null, null],
    ['a record edited again since keeps the later edit', untouched, new Map([['m-c', person('Wong', 'Glenn Iwan')]]), null, { memberNumber: 'C', reason: 'RECORD_CHANGED_SINCE' }],
  ] as const)('%s', (_, now, recordsNow, step, kept) => {
    const plan = planRestore(changes, now, recordsNow);
    const touching = (s: { memberNumber: string }) => s.memberNumber === (step?.memberNumber ?? kept?.memberNumber);
    expect(plan.steps.filter(touching)).toEqual(step ? [step] : []);
    expect(plan.kept).toEqual(kept ? [kept] : []);
  });

  it('a record: only the fields that still hold what the upload wrote go back', () => {
    const both: UploadChanges = { added: [], removed: [], changed: [{ memberId: 'm', memberNumber: 'X', before: { familyName: 'Pinas', birthDate: '1980-01-01' }, after: { familyName: 'Pinás', birthDate: null } }] };
    const plan = planRestore(both, new Map(), new Map([['m', { ...person('Pinás'), birthDate: '1981-02-02' }]]));
    expect(plan.steps).toEqual([{ kind: 'RECORD_BACK', memberId: 'm', memberNumber: 'X', fields: { familyName: 'Pinas' } }]);
    expect(plan.kept).toEqual([{ memberNumber: 'X', reason: 'RECORD_CHANGED_SINCE' }]);
  });
});

/**
 * The invariant RULES.md states ("restore the list as it was before an upload … with the
 * original registration dates"): whatever the list and whatever file, an upload followed by its
 * restore gives back exactly the earlier list: the same members on it, each with the same
 * registration date, and the same records. The upload is modelled as the import does it
 * (domain/member-import.ts: the file is the whole list), the restore by planRestore's steps.
 */
describe('property: upload, then restore, gives back exactly the earlier list', () => {
  interface Entry {
    number: string;
    onList: boolean;
    registeredOn: string;
  }
  interface Model {
    entries: Map<string, Entry>;
    records: Map<string, PersonFields>;
  }
  const numbers = fc.uniqueArray(fc.integer({ min: 1, max: 40 }).map(String), { maxLength: 25 });
  const dates = fc.constantFrom('2026-08-01', '2026-08-20', '2026-10-05', '2026-11-01');
  const names = fc.constantFrom('Pinas', 'Wong', 'Sewdien', 'Ramdin');

  const modelArb = fc
    .record({ on: numbers, off: numbers, dates: fc.array(dates, { minLength: 40, maxLength: 40 }), names: fc.array(names, { minLength: 40, maxLength: 40 }) })
    .map(({ on, off, dates: d, names: n }): Model => {
      const entries = new Map<string, Entry>();
      for (const number of off) entries.set(number, { number, onList: false, registeredOn: d[Number(number) - 1] });
      for (const number of on) entries.set(number, { number, onList: true, registeredOn: d[Number(number) - 1] });
      const records = new Map([...entries.keys()].map((number) => [number, person(n[Number(number) - 1])]));
      return { entries, records };
    });
  const fileArb = fc.record({ rows: numbers, names: fc.array(names, { minLength: 40, maxLength: 40 }) });

  /** The import: the file is the whole list; the entry id is the member number here. */
  function upload(model: Model, file: { rows: string[]; names: string[] }, today: string): { after: Model; changes: UploadChanges } {
    const entries = new Map([...model.entries].map(([k, v]) => [k, { ...v }]));
    const records = new Map(model.records);
    const changes: UploadChanges = { added: [], removed: [], changed: [] };
    const inFile = new Set(file.rows);
    for (const entry of entries.values()) {
      if (entry.onList && !inFile.has(entry.number)) {
        changes.removed.push({ entryId: entry.number, memberNumber: entry.number, registeredOn: entry.registeredOn, registeredOnReason: null });
        entry.onList = false;
      }
    }
    for (const number of file.rows) {
      const wanted = person(file.names[Number(number) - 1]);
      const stored = records.get(number);
      if (stored && stored.familyName !== wanted.familyName) {
        changes.changed.push({ memberId: number, memberNumber: number, before: { familyName: stored.familyName }, after: { familyName: wanted.familyName } });
      }
      records.set(number, wanted);
      const entry = entries.get(number);
      if (entry?.onList) continue;
      // Taken off earlier, or never on the list: on it now (the re-add rule may keep the date; either way the restore must give the old state back).
      const registeredOn = entry ? entry.registeredOn : today;
      entries.set(number, { number, onList: true, registeredOn });
      changes.added.push({ entryId: number, memberNumber: number, registeredOn });
    }
    return { after: { entries, records }, changes };
  }

  function restore(model: Model, changes: UploadChanges): Model {
    const now = new Map([...model.entries].map(([id, e]) => [id, { entryId: id, onThisList: true, removed: !e.onList, registeredOn: e.registeredOn }]));
    const plan = planRestore(changes, now, model.records);
    const entries = new Map([...model.entries].map(([k, v]) => [k, { ...v }]));
    const records = new Map(model.records);
    for (const step of plan.steps) {
      if (step.kind === 'BRING_BACK' || step.kind === 'REGISTRATION_BACK') entries.set(step.entryId, { number: step.memberNumber, onList: true, registeredOn: step.registeredOn });
      else if (step.kind === 'TAKE_OFF') entries.get(step.entryId)!.onList = false;
      else records.set(step.memberId, { ...records.get(step.memberId)!, ...step.fields });
    }
    return { entries, records };
  }

  /** The list as a club sees it: who is on it, registered when, under which name. */
  const theList = (model: Model) =>
    [...model.entries.values()]
      .filter((e) => e.onList)
      .map((e) => ({ number: e.number, registeredOn: e.registeredOn, record: model.records.get(e.number) }))
      .sort((a, b) => a.number.localeCompare(b.number));

  it('holds for any list and any file', () => {
    fc.assert(
      fc.property(modelArb, fileArb, (before, file) => {
        const { after, changes } = upload(before, file, '2026-12-06');
        expect(theList(restore(after, changes))).toEqual(theList(before));
      }),
      { numRuns: 300 },
    );
  });

  it('holds for two uploads put back newest first', () => {
    fc.assert(
      fc.property(modelArb, fileArb, fileArb, (before, first, second) => {
        const one = upload(before, first, '2026-12-06');
        const two = upload(one.after, second, '2026-12-07');
        expect(theList(restore(restore(two.after, two.changes), one.changes))).toEqual(theList(before));
      }),
      { numRuns: 300 },
    );
  });
});
