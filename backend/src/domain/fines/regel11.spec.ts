import { DEFAULT_SETTINGS } from '../settings';
import { compareOccurrences, planRegel11, type Regel11Fine, type Regel11Occurrence } from './regel11';

/** Occurrence `n` of the club: match m<n>, on day n of November (one per day), recorded in that order. */
const occ = (n: number, fields: Partial<Regel11Occurrence> = {}): Regel11Occurrence => ({
  id: `a${n}`,
  matchId: `m${n}`,
  teamId: 't1',
  matchDate: `2026-11-${String(n).padStart(2, '0')}`,
  startTime: '20:00',
  recordedAt: new Date(Date.UTC(2026, 10, n, 23)),
  ...fields,
});
const fine = (id: string, place: number | null, status: Regel11Fine['status'], matchId: string | null): Regel11Fine => ({ id, place, status, matchId, teamId: matchId ? 't1' : null });

const summary = (occurrences: Regel11Occurrence[], fines: Regel11Fine[], settings = DEFAULT_SETTINGS) => {
  const plan = planRegel11(occurrences, fines, settings);
  return {
    numbering: plan.numbering.map((n) => `${n.id}:${n.occurrence}`),
    propose: plan.propose.map((p) => `${p.place}@${p.occurrence.matchId}`),
    move: plan.move.map((m) => `${m.fineId}→${m.place}@${m.occurrence.matchId}`),
    withdraw: plan.withdraw.map((w) => `${w.fineId}(${w.place})`),
  };
};

describe('planRegel11 (Regel 11: the occurrences that stand, every 3rd time, one fine per place)', () => {
  test.each<[string, Regel11Occurrence[], Regel11Fine[], ReturnType<typeof summary>]>([
    ['Regel 11, two occurrences: no fine', [occ(1), occ(2)], [], { numbering: ['a1:1', 'a2:2'], propose: [], move: [], withdraw: [] }],
    ['Regel 11, the 3rd occurrence: a proposal for place 3', [occ(1), occ(2), occ(3)], [], { numbering: ['a1:1', 'a2:2', 'a3:3'], propose: ['3@m3'], move: [], withdraw: [] }],
    [
      'Regel 11, 7 occurrences: places 3 and 6, not 7',
      [1, 2, 3, 4, 5, 6, 7].map((n) => occ(n)),
      [],
      { numbering: ['a1:1', 'a2:2', 'a3:3', 'a4:4', 'a5:5', 'a6:6', 'a7:7'], propose: ['3@m3', '6@m6'], move: [], withdraw: [] },
    ],
    ['Regel 11, recorded again with its fine: nothing new', [occ(1), occ(2), occ(3)], [fine('f3', 3, 'PROPOSED', 'm3')], { numbering: ['a1:1', 'a2:2', 'a3:3'], propose: [], move: [], withdraw: [] }],
    [
      'Regel 11 renumbering: the 3rd reopened, its proposal is withdrawn',
      [occ(1), occ(2)],
      [fine('f3', 3, 'PROPOSED', 'm3')],
      { numbering: ['a1:1', 'a2:2'], propose: [], move: [], withdraw: ['f3(3)'] },
    ],
    [
      'Regel 11 renumbering: the 3rd reopened after it was confirmed, the fine stays',
      [occ(1), occ(2)],
      [fine('f3', 3, 'OPEN', 'm3')],
      { numbering: ['a1:1', 'a2:2'], propose: [], move: [], withdraw: [] },
    ],
    [
      'Regel 11 renumbering: the 3rd reopened (fine confirmed) and a new one recorded: place 3 is not fined twice',
      [occ(1), occ(2), occ(4)],
      [fine('f3', 3, 'OPEN', 'm3')],
      { numbering: ['a1:1', 'a2:2', 'a4:3'], propose: [], move: [], withdraw: [] },
    ],
    [
      'Regel 11 renumbering: the 3rd reopened (fine paid) and a new one recorded: place 3 stays paid',
      [occ(1), occ(2), occ(4)],
      [fine('f3', 3, 'PAID', 'm3')],
      { numbering: ['a1:1', 'a2:2', 'a4:3'], propose: [], move: [], withdraw: [] },
    ],
    [
      'Regel 11 renumbering: the 1st reopened, the 4th becomes the 3rd and the open proposal follows it',
      [occ(2), occ(3), occ(4)],
      [fine('f3', 3, 'PROPOSED', 'm3')],
      { numbering: ['a2:1', 'a3:2', 'a4:3'], propose: [], move: ['f3→3@m4'], withdraw: [] },
    ],
    [
      'Regel 11 renumbering: a proposal the board discarded keeps its place (the discard stands)',
      [occ(2), occ(3), occ(4)],
      [fine('f3', 3, 'DISCARDED', 'm3')],
      { numbering: ['a2:1', 'a3:2', 'a4:3'], propose: [], move: [], withdraw: [] },
    ],
    [
      'Regel 11 renumbering: a withdrawn proposal holds no place, a new 3rd is proposed',
      [occ(1), occ(2), occ(4)],
      [fine('f3', null, 'DISCARDED', 'm3')],
      { numbering: ['a1:1', 'a2:2', 'a4:3'], propose: ['3@m4'], move: [], withdraw: [] },
    ],
    [
      'Regel 11 renumbering: two fines for one place (recorded before this rule): the confirmed stays, the proposal is withdrawn',
      [occ(1), occ(2), occ(4)],
      [fine('f3', 3, 'OPEN', 'm3'), fine('f3b', 3, 'PROPOSED', 'm4')],
      { numbering: ['a1:1', 'a2:2', 'a4:3'], propose: [], move: [], withdraw: ['f3b(3)'] },
    ],
    [
      'Regel 11 renumbering: six fall back to four: place 6 withdrawn, place 3 kept',
      [1, 2, 3, 4].map((n) => occ(n)),
      [fine('f3', 3, 'OPEN', 'm3'), fine('f6', 6, 'PROPOSED', 'm6')],
      { numbering: ['a1:1', 'a2:2', 'a3:3', 'a4:4'], propose: [], move: [], withdraw: ['f6(6)'] },
    ],
    [
      'Regel 11 per club: occurrences of two teams count together, in match order',
      [occ(3, { teamId: 't2' }), occ(1), occ(2, { teamId: 't2' })],
      [],
      { numbering: ['a1:1', 'a2:2', 'a3:3'], propose: ['3@m3'], move: [], withdraw: [] },
    ],
  ])('%s', (_case, occurrences, fines, expected) => {
    expect(summary(occurrences, fines)).toEqual(expected);
  });

  it('Regel 11 setting incompleteEveryNth = 2: places 2 and 4', () => {
    expect(summary([1, 2, 3, 4].map((n) => occ(n)), [], { ...DEFAULT_SETTINGS, incompleteEveryNth: 2 }).propose).toEqual(['2@m2', '4@m4']);
  });

  it('Regel 11 proposal: €45 with the place in the reason', () => {
    const [p] = planRegel11([occ(1), occ(2), occ(3)], [], DEFAULT_SETTINGS).propose;
    expect(p.proposal).toEqual({ rule: '11', amountCents: 4500, reason: 'Vereniging voor de 3e keer dit seizoen onvolledig of te laat aanwezig (Regel 11).', beneficiary: { kind: 'FEDERATION' } });
  });

  test.each<[string, Partial<Regel11Occurrence>, Partial<Regel11Occurrence>, number]>([
    ['earlier date first', { matchDate: '2026-11-01' }, { matchDate: '2026-11-02' }, -1],
    ['same date: earlier start first', { matchDate: '2026-11-01', startTime: '19:30' }, { matchDate: '2026-11-01', startTime: '20:00' }, -1],
    ['same match time: recorded first comes first (an import recorded later counts after)', { recordedAt: new Date(2) }, { recordedAt: new Date(1) }, 1],
  ])('compareOccurrences: %s', (_case, a, b, sign) => {
    expect(Math.sign(compareOccurrences(occ(1, { id: 'x', ...a }), occ(1, { id: 'y', ...b })))).toBe(sign);
  });
});
