/// <reference types="jest" />
import {
  actionBody,
  ActionFormAction,
  actionFormReducer,
  ActionFormState,
  gameNumbersOf,
  initialActionForm,
  initialWithdraw,
  recordedLine,
  withdrawReason,
  withdrawReducer,
} from './supervisor-actions-state';

const play = (...actions: ActionFormAction[]) => actions.reduce(actionFormReducer, initialActionForm);

describe("the supervisor's decision at the table (Regel 22, 38)", () => {
  it('a new set or table forgets the chosen player (other players sit there); the kind keeps it', () => {
    const chosen = play({ type: 'member', memberId: 'p1' });
    expect(actionFormReducer(chosen, { type: 'set', setNumber: 3 })).toMatchObject({ setNumber: 3, memberId: '' });
    expect(actionFormReducer(chosen, { type: 'table', tableNumber: 4 })).toMatchObject({ tableNumber: 4, memberId: '' });
    expect(actionFormReducer(chosen, { type: 'kind', kind: 'VOID_WRONG_TABLE' }).memberId).toBe('p1');
  });

  test.each<[string, ActionFormState, ReturnType<typeof actionBody>]>([
    ['a removal without a player', play({ type: 'reason', reason: 'drie waarschuwingen' }), { problem: 'Kies de speler die uit het spel is gehaald.' }],
    ['a void without games', play({ type: 'kind', kind: 'VOID_WRONG_TABLE' }, { type: 'reason', reason: 'verkeerde tafel' }), { problem: 'Vul de nummers in van de partijen die vervallen.' }],
    ['a reason under three letters', play({ type: 'member', memberId: 'p1' }, { type: 'reason', reason: ' x ' }), { problem: 'Geef de reden van uw beslissing (komt in het logboek).' }],
    [
      'a removal: the player and the first game not played',
      play({ type: 'set', setNumber: 2 }, { type: 'table', tableNumber: 5 }, { type: 'member', memberId: 'p1' }, { type: 'game', gameNumber: 3 }, { type: 'reason', reason: ' drie waarschuwingen ' }),
      { body: { version: 7, kind: 'REMOVE_PLAYER', setNumber: 2, tableNumber: 5, memberId: 'p1', gameNumber: 3, reason: 'drie waarschuwingen' } },
    ],
    [
      'a void: the games as typed',
      play({ type: 'kind', kind: 'VOID_WRONG_TABLE' }, { type: 'games', games: '1, 2;4' }, { type: 'reason', reason: 'aan tafel 3 gespeeld' }),
      { body: { version: 7, kind: 'VOID_WRONG_TABLE', setNumber: 1, tableNumber: 1, gameNumbers: [1, 2, 4], reason: 'aan tafel 3 gespeeld' } },
    ],
  ])('%s', (_name, state, expected) => {
    expect(actionBody(state, 7)).toEqual(expected);
  });

  it('what is typed but no number goes to the API, which refuses it in Dutch (nothing dropped)', () => {
    expect(gameNumbersOf('1 twee')).toEqual([1, NaN]);
  });

  it('recorded: the reason and the games are emptied, the place stays for the next decision', () => {
    const state = actionFormReducer(play({ type: 'table', tableNumber: 2 }, { type: 'games', games: '1' }, { type: 'reason', reason: 'r r r' }), { type: 'recorded' });
    expect(state).toMatchObject({ tableNumber: 2, games: '', reason: '' });
  });

  it('says what was recorded, with the score after it', () => {
    const removal = actionBody(play({ type: 'member', memberId: 'p1' }, { type: 'game', gameNumber: 2 }, { type: 'reason', reason: 'drie keer' }), 1);
    const voided = actionBody(play({ type: 'kind', kind: 'VOID_WRONG_TABLE' }, { type: 'games', games: '3' }, { type: 'reason', reason: 'verkeerd' }), 1);
    if (!('body' in removal) || !('body' in voided)) throw new Error('expected bodies');
    expect(recordedLine(removal.body, 'Thuis, koppel 1, speler 2: Pinas', { homePoints: 40, awayPoints: null })).toBe(
      'Beslissing vastgelegd: Thuis, koppel 1, speler 2: Pinas uit het spel gehaald in set 1, tafel 1, vanaf partij 2; stand nu 40 – 0.',
    );
    expect(recordedLine(voided.body, '', { homePoints: 12, awayPoints: 20 })).toBe('Beslissing vastgelegd: partij 3 van set 1, tafel 1 vervallen (verkeerde tafel); stand nu 12 – 20.');
  });
});

describe('withdrawing a decision (RULES.md "Undo")', () => {
  it('opens, takes a reason, and starts over once withdrawn', () => {
    const typed = [{ type: 'open' } as const, { type: 'reason', reason: 'verkeerde speler' } as const].reduce(withdrawReducer, initialWithdraw);
    expect(typed).toEqual({ open: true, reason: 'verkeerde speler' });
    expect(withdrawReason(typed)).toEqual({ reason: 'verkeerde speler' });
    expect(withdrawReducer(typed, { type: 'withdrawn' })).toEqual(initialWithdraw);
    expect(withdrawReducer(typed, { type: 'close' })).toEqual({ open: false, reason: 'verkeerde speler' });
  });

  it('asks for a reason: the log and the table show it', () => {
    expect(withdrawReason({ open: true, reason: '  ' })).toEqual({ problem: 'Geef de reden van het intrekken; het logboek en de tafel tonen hem.' });
  });
});
