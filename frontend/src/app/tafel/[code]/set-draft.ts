// What a pair types for one set at the table, and the body it becomes (PUT /api/table/{code}/sets/{n}).
// Pure, so the table's reducer (table-state.ts) and the draft store use it without the screen.
import { emptyGame, GameDraft, gameValue } from '@/components/matches/result-draft';
import type { PenaltyRule } from '@/components/matches/labels';
import type { GameInput, Side, TableSet } from '@/lib/match-night';

export interface SetDraftAtTable {
  mode: 'games' | 'totals';
  games: GameDraft[];
  home: string;
  away: string;
  /** Who enters: asked every time (null until chosen), so the other pair is the one that signs. */
  enteredBy: Side | null;
}

/** A fresh draft, or the stored entry to change. */
export function draftOf(set: TableSet, gamesPerSet: number): SetDraftAtTable {
  const stored = set.state === 'ENTERED' || set.state === 'DISPUTED';
  const games: GameDraft[] = stored
    ? set.games.map((g) => ({
        winner: g.winner,
        kind: g.kind,
        penaltyRule: g.kind === 'PENALTY' ? ((g.penaltyRule ?? '') as PenaltyRule | '') : '',
        points: g.kind === 'PENALTY' ? String(g.points) : '',
      }))
    : [];
  while (games.length < gamesPerSet) games.push(emptyGame());
  const totals = stored && set.games.length === 0 && set.homePoints !== null;
  return {
    mode: totals ? 'totals' : 'games',
    games,
    home: totals ? String(set.homePoints) : '',
    away: totals ? String(set.awayPoints) : '',
    enteredBy: set.enteredBySide ?? null,
  };
}

/** The body of PUT /api/table/{code}/sets/{n}, or what is still missing. */
export function entryBody(draft: SetDraftAtTable): { body: { enteredBy: Side; games?: GameInput[]; totals?: { home: number; away: number } } } | { missing: string } {
  const enteredBy = draft.enteredBy;
  if (draft.mode === 'totals') {
    if (draft.home === '' || draft.away === '') return { missing: 'Vul de punten van beide koppels in.' };
    if (!enteredBy) return { missing: 'Kies onder "Wie voert in?" welk koppel invoert; het andere koppel ondertekent straks.' };
    return { body: { enteredBy, totals: { home: Number(draft.home), away: Number(draft.away) } } };
  }
  const open = draft.games.findIndex((g) => gameValue(g) === null || (g.kind === 'PENALTY' && !g.penaltyRule));
  if (open >= 0) return { missing: `Partij ${open + 1} is nog niet compleet: kies wie de punten krijgt en hoe${draft.games[open].kind === 'PENALTY' ? ' (met de strafregel)' : ''}.` };
  if (!enteredBy) return { missing: 'Kies onder "Wie voert in?" welk koppel invoert; het andere koppel ondertekent straks.' };
  return {
    body: {
      enteredBy,
      games: draft.games.map((g) =>
        g.kind === 'PENALTY' ? { winner: g.winner!, kind: g.kind, points: Number(g.points), penaltyRule: g.penaltyRule as PenaltyRule } : { winner: g.winner!, kind: g.kind },
      ),
    },
  };
}
