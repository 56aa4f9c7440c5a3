// The supervisor's decision at the table (Regel 22, 38) as a pure reducer (issue 47): which
// decision, where (set, table), who or which games, the reason; the body it becomes or what is
// still missing; and the withdrawal's small form. supervisor-actions.tsx renders from it;
// supervisor-actions-state.spec.ts plays it.
import type { Schemas } from '@/lib/api-server';

export type ActionKind = Schemas['SupervisorActionDto']['kind'];

export interface ActionFormState {
  kind: ActionKind;
  setNumber: number;
  tableNumber: number;
  /** The removed player (Regel 38); emptied when the set or table changes (other players sit there). */
  memberId: string;
  /** The first game the pair did not play (Regel 38). */
  gameNumber: number;
  /** The void games as typed (Regel 22): "1, 2". */
  games: string;
  reason: string;
}

export type ActionFormAction =
  | { type: 'kind'; kind: ActionKind }
  | { type: 'set'; setNumber: number }
  | { type: 'table'; tableNumber: number }
  | { type: 'member'; memberId: string }
  | { type: 'game'; gameNumber: number }
  | { type: 'games'; games: string }
  | { type: 'reason'; reason: string }
  /** Recorded: the next decision starts without the last one's reason and games. */
  | { type: 'recorded' };

export const initialActionForm: ActionFormState = { kind: 'REMOVE_PLAYER', setNumber: 1, tableNumber: 1, memberId: '', gameNumber: 1, games: '', reason: '' };

export function actionFormReducer(state: ActionFormState, action: ActionFormAction): ActionFormState {
  switch (action.type) {
    case 'kind':
      return { ...state, kind: action.kind };
    case 'set':
      return { ...state, setNumber: action.setNumber, memberId: '' };
    case 'table':
      return { ...state, tableNumber: action.tableNumber, memberId: '' };
    case 'member':
      return { ...state, memberId: action.memberId };
    case 'game':
      return { ...state, gameNumber: action.gameNumber };
    case 'games':
      return { ...state, games: action.games };
    case 'reason':
      return { ...state, reason: action.reason };
    case 'recorded':
      return { ...state, reason: '', games: '' };
  }
}

/** "1, 2", "1 2", "1;2" → [1, 2]; what is no whole number stays in, for the API to refuse in Dutch. */
export const gameNumbersOf = (typed: string): number[] => typed.split(/[\s,;]+/).filter(Boolean).map(Number);

export type ActionBody =
  | { version: number; kind: 'REMOVE_PLAYER'; setNumber: number; tableNumber: number; memberId: string; gameNumber: number; reason: string }
  | { version: number; kind: 'VOID_WRONG_TABLE'; setNumber: number; tableNumber: number; gameNumbers: number[]; reason: string };

/** The body of POST …/supervisor-actions (without its key), or what is still missing. */
export function actionBody(state: ActionFormState, version: number): { body: ActionBody } | { problem: string } {
  const gameNumbers = gameNumbersOf(state.games);
  if (state.kind === 'REMOVE_PLAYER' && !state.memberId) return { problem: 'Kies de speler die uit het spel is gehaald.' };
  if (state.kind === 'VOID_WRONG_TABLE' && gameNumbers.length === 0) return { problem: 'Vul de nummers in van de partijen die vervallen.' };
  const reason = state.reason.trim();
  if (reason.length < 3) return { problem: 'Geef de reden van uw beslissing (komt in het logboek).' };
  const where = { version, setNumber: state.setNumber, tableNumber: state.tableNumber, reason };
  return state.kind === 'REMOVE_PLAYER'
    ? { body: { ...where, kind: 'REMOVE_PLAYER', memberId: state.memberId, gameNumber: state.gameNumber } }
    : { body: { ...where, kind: 'VOID_WRONG_TABLE', gameNumbers } };
}

/** What the console says once the API recorded the decision. */
export function recordedLine(body: ActionBody, player: string, score: { homePoints: number | null; awayPoints: number | null }): string {
  const stand = `stand nu ${score.homePoints ?? 0} – ${score.awayPoints ?? 0}`;
  if (body.kind === 'REMOVE_PLAYER') return `Beslissing vastgelegd: ${player} uit het spel gehaald in set ${body.setNumber}, tafel ${body.tableNumber}, vanaf partij ${body.gameNumber}; ${stand}.`;
  const games = body.gameNumbers.length === 1 ? `partij ${body.gameNumbers[0]}` : `partijen ${body.gameNumbers.join(', ')}`;
  return `Beslissing vastgelegd: ${games} van set ${body.setNumber}, tafel ${body.tableNumber} vervallen (verkeerde tafel); ${stand}.`;
}

// ——— Withdrawing a decision (RULES.md "Undo") ———

export interface WithdrawState {
  open: boolean;
  reason: string;
}

export type WithdrawAction = { type: 'open' } | { type: 'close' } | { type: 'reason'; reason: string } | { type: 'withdrawn' };

export const initialWithdraw: WithdrawState = { open: false, reason: '' };

export function withdrawReducer(state: WithdrawState, action: WithdrawAction): WithdrawState {
  switch (action.type) {
    case 'open':
      return { ...state, open: true };
    case 'close':
      return { ...state, open: false };
    case 'reason':
      return { ...state, reason: action.reason };
    case 'withdrawn':
      return initialWithdraw;
  }
}

/** The reason to send, or what is missing: the log and the table show it. */
export function withdrawReason(state: WithdrawState): { reason: string } | { problem: string } {
  const reason = state.reason.trim();
  return reason.length < 3 ? { problem: 'Geef de reden van het intrekken; het logboek en de tafel tonen hem.' } : { reason };
}
