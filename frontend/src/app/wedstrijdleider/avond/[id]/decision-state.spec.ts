/// <reference types="jest" />
import { emptyGame, TableDraft } from '@/components/matches/result-draft';
import { DecisionAction, decisionBody, decisionReducer, DecisionState, initialDecision } from './decision-state';

const table = (games = Array.from({ length: 4 }, emptyGame)): TableDraft => ({ tableNumber: 3, games, home: '', away: '' });
const seat = (current: { home: number; away: number } | null = { home: 6, away: 5 }) => initialDecision(current, 'totals', table());
const play = (state: DecisionState, ...actions: DecisionAction[]) => actions.reduce(decisionReducer, state);

describe('the supervisor decides a seat', () => {
  it('preselects nothing on a seat with a score, and "change" on a seat without one', () => {
    expect(seat().choice).toBeNull();
    expect(seat(null).choice).toBe('change');
  });

  test.each<[string, DecisionState, { body: Record<string, unknown> } | { problem: string }]>([
    ['nothing chosen → asks to choose', play(seat(), { type: 'reason', reason: 'x' }), { problem: 'Kies eerst: de stand houden of wijzigen.' }],
    ['keep without a reason → asks for the reason', play(seat(), { type: 'choose', choice: 'keep' }), { problem: 'Geef de reden van uw beslissing; de tafel en het logboek tonen hem.' }],
    ['keep with a reason → only the reason', play(seat(), { type: 'choose', choice: 'keep' }, { type: 'reason', reason: ' scorebriefje klopt ' }), { body: { reason: 'scorebriefje klopt' } }],
    [
      'change to a set score → the totals',
      play(seat(), { type: 'choose', choice: 'change' }, { type: 'totals', home: '8' }, { type: 'totals', away: '0' }, { type: 'reason', reason: 'verkeerd om' }),
      { body: { totals: { home: 8, away: 0 }, reason: 'verkeerd om' } },
    ],
    ['change with one total missing → asks for both', play(seat(null), { type: 'totals', home: '', away: '4' }, { type: 'reason', reason: 'r' }), { problem: 'Vul de stand van beide koppels in.' }],
    ['change game by game with a game open → names the game', play(seat(null), { type: 'mode', mode: 'games' }, { type: 'reason', reason: 'r' }), { problem: 'Partij 1 is nog niet compleet: kies wie de punten krijgt en hoe.' }],
  ])('%s', (_name, state, expected) => {
    expect(decisionBody(state)).toEqual(expected);
  });

  it('keeps only digits in a typed total', () => {
    expect(play(seat(null), { type: 'totals', home: '1a2' }).home).toBe('12');
  });

  test.each<[string, DecisionAction[], Partial<DecisionState>]>([
    ['on its way', [{ type: 'sending' }], { phase: 'sending', message: null }],
    ['a tap while on its way changes nothing', [{ type: 'sending' }, { type: 'choose', choice: 'change' }], { phase: 'sending', choice: 'keep' }],
    ['decided', [{ type: 'sending' }, { type: 'sent', outcome: 'decided' }], { phase: 'decided' }],
    ['offline: kept and said so', [{ type: 'sending' }, { type: 'sent', outcome: 'offline' }], { phase: 'offline', message: { tone: 'good', text: 'Bewaard: geen verbinding, de beslissing wordt verstuurd zodra er weer verbinding is.' } }],
    ['refused: the API says why', [{ type: 'sending' }, { type: 'refused', text: 'Niet verstuurd: de uitslag is al definitief.' }], { phase: 'refused', message: { tone: 'bad', text: 'Niet verstuurd: de uitslag is al definitief.' } }],
    ['an edit after a refusal starts over', [{ type: 'sending' }, { type: 'refused', text: 'nee' }, { type: 'reason', reason: 'andere reden' }], { phase: 'editing', message: null, reason: 'andere reden' }],
  ])('%s', (_name, actions, expected) => {
    expect(play(seat(), { type: 'choose', choice: 'keep' }, { type: 'reason', reason: 'r' }, ...actions)).toMatchObject(expected);
  });
});
