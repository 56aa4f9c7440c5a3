import { auditDifference } from './audit-difference';

describe('auditDifference', () => {
  const sets = (...scores: [number, number, string][]) => scores.map(([set, table, score]) => ({ set, table, score, source: 'TOTALS' }));

  it('keeps the fields that changed and only the sets that were added, removed or changed', () => {
    const before = { status: 'PLAYED', homePoints: 6, awayPoints: 2, version: 3, sets: sets([1, 1, '6-2'], [1, 2, '4-4'], [1, 3, '5-3']) };
    const after = { status: 'PLAYED', homePoints: 9, awayPoints: 7, version: 4, sets: sets([1, 1, '6-2'], [1, 2, '2-6'], [2, 1, '3-5']) };
    expect(auditDifference(before, after)).toEqual({
      before: { homePoints: 6, awayPoints: 2, version: 3, sets: sets([1, 2, '4-4'], [1, 3, '5-3']) },
      after: { homePoints: 9, awayPoints: 7, version: 4, sets: sets([1, 2, '2-6'], [2, 1, '3-5']) },
    });
  });

  it('compares nested values by content, and keeps a field that appeared or went', () => {
    const before = { lineups: [{ teamId: 't', players: [1, 2] }], disputeComment: 'Partij 3' };
    const after = { lineups: [{ teamId: 't', players: [1, 2] }], correctedAt: '2026-11-28' };
    expect(auditDifference(before, after)).toEqual({ before: { disputeComment: 'Partij 3' }, after: { correctedAt: '2026-11-28' } });
  });

  it('is empty for a command that changed nothing', () => {
    const snapshot = { status: 'SCHEDULED', sets: sets([1, 1, '6-2']) };
    expect(auditDifference(snapshot, { ...snapshot, sets: sets([1, 1, '6-2']) })).toEqual({ before: {}, after: {} });
  });
});
