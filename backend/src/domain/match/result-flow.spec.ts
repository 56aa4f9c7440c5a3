import { entryOpensText, EntryRole, EntryWindow, ResultAction, ResultPhase, resultPhase, resultEntryWindow, resultTransition, shortDutchDate } from './result-flow';

describe('result entry opens on the match day', () => {
  test.each<[string, string, string, EntryRole, EntryWindow]>([
    ['a secretary four days before the match: not yet, opens on the match day', '2026-11-28', '2026-11-24', 'SECRETARY', { open: false, opensOn: '2026-11-28' }],
    ['a secretary the day before: not yet', '2026-11-28', '2026-11-27', 'SECRETARY', { open: false, opensOn: '2026-11-28' }],
    ['a secretary on the match day: open', '2026-11-28', '2026-11-28', 'SECRETARY', { open: true, early: false }],
    ['a secretary days after the match (the paper form): open', '2026-11-28', '2026-12-03', 'SECRETARY', { open: true, early: false }],
    ['a supervisor before the match: not yet', '2026-11-28', '2026-11-20', 'SUPERVISOR', { open: false, opensOn: '2026-11-28' }],
    ['an administrator before the match: open, early (a reason is required)', '2026-11-28', '2026-11-24', 'ADMIN', { open: true, early: true }],
    ['an administrator on the match day: open, not early', '2026-11-28', '2026-11-28', 'ADMIN', { open: true, early: false }],
    ['across the new year', '2027-01-09', '2026-12-31', 'SECRETARY', { open: false, opensOn: '2027-01-09' }],
  ])('%s', (_name, matchDate, today, role, expected) => {
    expect(resultEntryWindow(matchDate, today, role)).toEqual(expected);
  });

  test.each([
    ['2026-11-28', 'za 28 nov.'],
    ['2027-01-09', 'za 9 jan.'],
    ['2026-05-06', 'wo 6 mei'],
  ])('%s reads as "%s"', (date, text) => {
    expect(shortDutchDate(date)).toBe(text);
    expect(entryOpensText(date)).toBe(`Invoeren kan vanaf ${text}`);
  });
});

describe('the phases of a result (Regel 15, the paper form)', () => {
  test.each<[string, string, boolean, boolean, ResultPhase]>([
    ['nothing entered', 'NONE', false, false, 'NONE'],
    ['entered, not signed', 'ENTERED', false, false, 'IN_PROGRESS'],
    ['entered and signed by the home team', 'ENTERED', true, false, 'SIGNED_BY_HOME'],
    ['disputed by the away team: the home signature lapsed', 'ENTERED', false, true, 'DISPUTED'],
    ['disputed, then signed again by the home team', 'ENTERED', true, true, 'SIGNED_BY_HOME'],
    ['confirmed by the away team', 'CONFIRMED', true, false, 'CONFIRMED'],
  ])('%s → %s', (_name, resultState, homeSigned, disputed, phase) => {
    expect(resultPhase({ resultState, homeSigned, disputed })).toBe(phase);
  });

  test.each<[ResultPhase, ResultAction, ResultPhase | string]>([
    // The home team enters, signs after the summary; the away team confirms: locked.
    ['NONE', 'ENTER', 'IN_PROGRESS'],
    ['IN_PROGRESS', 'ENTER', 'IN_PROGRESS'],
    ['IN_PROGRESS', 'SIGN', 'SIGNED_BY_HOME'],
    ['SIGNED_BY_HOME', 'CONFIRM', 'CONFIRMED'],
    // A change after signing lapses the signature.
    ['SIGNED_BY_HOME', 'ENTER', 'IN_PROGRESS'],
    ['SIGNED_BY_HOME', 'SIGN', 'ALREADY_SIGNED'],
    // The away team refuses: the form waits for the supervisor (the phase's name; who may act then is the core's).
    ['SIGNED_BY_HOME', 'DISPUTE', 'DISPUTED'],
    ['DISPUTED', 'ENTER', 'DISPUTED'],
    ['DISPUTED', 'CONFIRM', 'HOME_NOT_SIGNED'],
    ['DISPUTED', 'DISPUTE', 'HOME_NOT_SIGNED'],
    ['DISPUTED', 'SIGN', 'SIGNED_BY_HOME'],
    // Nothing to sign, confirm or dispute before the home team entered and signed.
    ['NONE', 'SIGN', 'NOTHING_ENTERED'],
    ['NONE', 'CONFIRM', 'NOTHING_ENTERED'],
    ['IN_PROGRESS', 'CONFIRM', 'HOME_NOT_SIGNED'],
    ['IN_PROGRESS', 'DISPUTE', 'HOME_NOT_SIGNED'],
    // Locked: only a correction by a supervisor or administrator.
    ['CONFIRMED', 'ENTER', 'RESULT_LOCKED'],
    ['CONFIRMED', 'SIGN', 'RESULT_LOCKED'],
    ['CONFIRMED', 'CONFIRM', 'RESULT_LOCKED'],
    ['CONFIRMED', 'DISPUTE', 'RESULT_LOCKED'],
    ['CONFIRMED', 'CORRECT', 'CONFIRMED'],
    ['SIGNED_BY_HOME', 'CORRECT', 'NOT_CONFIRMED'],
  ])('%s + %s → %s', (phase, action, expected) => {
    const result = resultTransition(phase, action);
    expect('next' in result ? result.next : result.refused.code).toBe(expected);
    if ('refused' in result) expect(result.refused.message.length).toBeGreaterThan(10);
  });
});
