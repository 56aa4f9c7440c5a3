// Issue 13 item 9: Regel 7 / 9A follow from the recorded facts of a forfeit, never picked by hand.
import { DEFAULT_SETTINGS } from '../settings';
import { deriveForfeitCause, ForfeitFacts } from './not-played';

const START = new Date('2026-11-14T20:00:00+01:00');
const NOW = new Date('2026-11-15T10:00:00+01:00');
const facts = (overrides: Partial<{ pairsPresent: number; calledOffAt: string }>): ForfeitFacts => ({
  pairsPresent: overrides.pairsPresent ?? null,
  calledOffAt: overrides.calledOffAt ? new Date(overrides.calledOffAt) : null,
});

describe('deriveForfeitCause (Regel 7: fewer than 5 pairs or called off < 48 h; Regel 9A: any other act)', () => {
  test.each<[string, Partial<{ pairsPresent: number; calledOffAt: string }>, string, string]>([
    ['4 pairs present', { pairsPresent: 4 }, 'TOO_FEW_PAIRS', '7'],
    ['no pair present at all', { pairsPresent: 0 }, 'TOO_FEW_PAIRS', '7'],
    ['called off on the evening itself', { calledOffAt: '2026-11-14T18:00:00+01:00' }, 'LATE_CANCELLATION', '7'],
    ['called off 47 hours 59 minutes before', { calledOffAt: '2026-11-12T20:01:00+01:00' }, 'LATE_CANCELLATION', '7'],
    ['called off exactly 48 hours before: in time, so another act (9A)', { calledOffAt: '2026-11-12T20:00:00+01:00' }, 'OTHER', '9A'],
    ['called off a week before', { calledOffAt: '2026-11-07T12:00:00+01:00' }, 'OTHER', '9A'],
    ['neither: another act of the club that stopped the match', {}, 'OTHER', '9A'],
  ])('%s → %s, Regel %s', (_case, input, cause, rule) => {
    expect(deriveForfeitCause(facts(input), START, NOW, DEFAULT_SETTINGS)).toEqual({ ok: true, cause, rule });
  });

  test.each<[string, Partial<{ pairsPresent: number; calledOffAt: string }>, string, RegExp]>([
    ['5 pairs present: the match can start (Regel 5B/5C)', { pairsPresent: 5 }, 'pairsPresent', /^Met 5 koppels kan de wedstrijd beginnen/],
    ['both pairs present and a call-off', { pairsPresent: 3, calledOffAt: '2026-11-14T18:00:00+01:00' }, 'calledOffAt', /óf/],
    ['a call-off after now', { calledOffAt: '2026-11-16T10:00:00+01:00' }, 'calledOffAt', /toekomst/],
  ])('refuses %s', (_case, input, field, message) => {
    const result = deriveForfeitCause(facts(input), START, NOW, DEFAULT_SETTINGS);
    expect(result).toEqual({ ok: false, field, message: expect.stringMatching(message) });
  });

  it('follows the minimumPairsToStart setting', () => {
    expect(deriveForfeitCause(facts({ pairsPresent: 5 }), START, NOW, { minimumPairsToStart: 6 })).toMatchObject({ ok: true, cause: 'TOO_FEW_PAIRS' });
  });
});
