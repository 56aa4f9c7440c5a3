// The supervisor's decision on one seat as a pure reducer (issue 47): what is chosen (keep the
// table's score, or another one; nothing preselected, the supervisor chooses), the score typed,
// the reason, and how sending went (on its way, kept offline, refused, decided). The form
// (decision-form.tsx) renders from it; decision-state.spec.ts plays it.
import type { InlineMessage } from '@/components/ui/notice';
import { EntryMode, gameValue, TableDraft, tableInput } from '@/components/matches/result-draft';

export type Choice = 'keep' | 'change';

/** decided: recorded (the console then shows it); offline: kept in the outbox, goes when the connection returns. */
export type Phase = 'editing' | 'sending' | 'offline' | 'refused' | 'decided';

export interface DecisionState {
  /** null until the supervisor chooses (a seat without a score can only be changed). */
  choice: Choice | null;
  mode: EntryMode;
  home: string;
  away: string;
  table: TableDraft;
  reason: string;
  phase: Phase;
  message: InlineMessage | null;
}

export type DecisionAction =
  | { type: 'choose'; choice: Choice }
  | { type: 'mode'; mode: EntryMode }
  | { type: 'totals'; home?: string; away?: string }
  | { type: 'games'; table: TableDraft }
  | { type: 'reason'; reason: string }
  | { type: 'problem'; text: string }
  | { type: 'sending' }
  | { type: 'sent'; outcome: 'decided' | 'offline' }
  | { type: 'refused'; text: string };

export function initialDecision(current: { home: number; away: number } | null, mode: EntryMode, table: TableDraft): DecisionState {
  return { choice: current === null ? 'change' : null, mode, home: current ? String(current.home) : '', away: current ? String(current.away) : '', table, reason: '', phase: 'editing', message: null };
}

const digits = (value: string) => value.replace(/\D/g, '');

export function decisionReducer(state: DecisionState, action: DecisionAction): DecisionState {
  // Nothing changes while a decision is on its way (one decision per intent).
  if (state.phase === 'sending' && action.type !== 'sent' && action.type !== 'refused' && action.type !== 'problem') return state;
  const edited = { phase: 'editing' as const, message: null };
  switch (action.type) {
    case 'choose':
      return { ...state, ...edited, choice: action.choice };
    case 'mode':
      return { ...state, ...edited, mode: action.mode };
    case 'totals':
      return { ...state, ...edited, home: action.home === undefined ? state.home : digits(action.home), away: action.away === undefined ? state.away : digits(action.away) };
    case 'games':
      return { ...state, ...edited, table: action.table };
    case 'reason':
      return { ...state, ...edited, reason: action.reason };
    case 'problem':
      return { ...state, phase: 'editing', message: { tone: 'bad', text: action.text } };
    case 'sending':
      return { ...state, phase: 'sending', message: null };
    case 'sent':
      return action.outcome === 'offline'
        ? { ...state, phase: 'offline', message: { tone: 'good', text: 'Bewaard: geen verbinding, de beslissing wordt verstuurd zodra er weer verbinding is.' } }
        : { ...state, phase: 'decided', message: null };
    case 'refused':
      return { ...state, phase: 'refused', message: { tone: 'bad', text: action.text } };
  }
}

/** The decision's body for the API, or what the supervisor must still do (in Dutch). */
export function decisionBody(state: DecisionState): { body: Record<string, unknown> } | { problem: string } {
  if (state.choice === null) return { problem: 'Kies eerst: de stand houden of wijzigen.' };
  if (!state.reason.trim()) return { problem: 'Geef de reden van uw beslissing; de tafel en het logboek tonen hem.' };
  const reason = state.reason.trim();
  if (state.choice === 'keep') return { body: { reason } };
  if (state.mode === 'totals') {
    if (state.home === '' || state.away === '') return { problem: 'Vul de stand van beide koppels in.' };
    return { body: { totals: { home: Number(state.home), away: Number(state.away) }, reason } };
  }
  const open = state.table.games.findIndex((g) => gameValue(g) === null || (g.kind === 'PENALTY' && !g.penaltyRule));
  if (open >= 0) return { problem: `Partij ${open + 1} is nog niet compleet: kies wie de punten krijgt en hoe.` };
  return { body: { games: tableInput(state.table, 'games')?.games ?? [], reason } };
}
