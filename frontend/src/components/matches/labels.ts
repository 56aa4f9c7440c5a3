// Dutch words for the match-day enums, with the federation's own vocabulary.
import type { Schemas } from '@/lib/api-server';
import gameRules from '@/lib/game-rules.json';
import { finalitySentence, GAME_KIND_ORDER, GAME_KINDS, SIDES } from '@/lib/vocabulary';

export type MatchDetail = Schemas['MatchDetailDto'];
export type MatchSummary = Schemas['MatchSummaryDto'];
export type Seat = Schemas['SeatDto'];
export type GameKind = Schemas['GameDto']['kind'];
export type Side = Schemas['GameDto']['winner'];
export type PenaltyRule = NonNullable<Schemas['GameInputDto']['penaltyRule']>;
export type BadgeTone = 'neutral' | 'good' | 'warn' | 'bad' | 'info';

export const SIDE_LABELS: Record<Side, string> = SIDES;

/** The kinds of game in the order a scorer meets them, with what they are worth (words: lib/vocabulary.ts). */
export const GAME_KIND_OPTIONS: { kind: GameKind; label: string }[] = GAME_KIND_ORDER.map((kind) => ({
  kind,
  label: kind === 'PENALTY' ? `${GAME_KINDS[kind].choice}…` : `${GAME_KINDS[kind].choice} (${(gameRules.gamePoints as Record<string, number>)[kind]})`,
}));

export const GAME_KIND_SHORT = Object.fromEntries(GAME_KIND_ORDER.map((kind) => [kind, GAME_KINDS[kind].short])) as Record<GameKind, string>;

/** What each penalty rule (Regel 6H … 37) is about; its points come from the domain (game-rules.json). */
const PENALTY_ABOUT: Record<PenaltyRule, string> = {
  '6H': 'tafelscherm',
  '17': 'kaart open gevallen (2 als de tegenpartij al slagen heeft)',
  '17A': 'voor de beurt, ontduiking of meer kaarten tegelijk (10 bij 0–4 afgesloten slagen, 15 bij 5 of meer)',
  '19': 'aanvang van de partij',
  '21': 'geen plaatje',
  '24': 'resterende kaarten niet open gelegd',
  '26': 'onvolledige slag verzameld',
  '27': 'gesloten slag ingezien',
  '30': 'te vroeg afgetikt',
  '31e': 'te vroeg afgetikt bij kap',
  '32': 'meer dan 7 slagen',
  '33': 'baunie',
  '34': 'spelen naar baunie',
  '35A': 'partij beëindigd door de wedstrijdleider',
  '36': 'partij gestaakt',
  '37': 'wenken of praten',
  '38': 'speler uit het spel gehaald',
};

/** The rules that give penalty points to the opponent, with the points each allows. The API checks them again. */
export const PENALTY_OPTIONS: { rule: PenaltyRule; about: string; points: number[] }[] = (Object.keys(PENALTY_ABOUT) as PenaltyRule[]).map((rule) => ({
  rule,
  about: PENALTY_ABOUT[rule],
  points: (gameRules.penaltyPoints as Record<PenaltyRule, number[]>)[rule],
}));

export const FIXED_GAME_POINTS: Record<Exclude<GameKind, 'PENALTY'>, number> = gameRules.gamePoints;

export const SOURCE_LABELS: Record<NonNullable<Seat['source']>, string> = {
  GAMES: 'per partij',
  TOTALS: 'setstand',
  MISSING_PAIR: 'koppel niet aanwezig (Regel 12A)',
  SUBSTITUTION_VIOLATION: 'ongeldige wissel (Regel 14)',
  FORFEIT: 'reglementair verlies (Regel 7)',
  AVERAGE: 'gemiddelde (Regel 8)',
  PLAYER_REMOVED: 'speler verwijderd (Regel 38)',
};

export const FORFEIT_CAUSE_LABELS: Record<NonNullable<MatchSummary['forfeitCause']>, string> = {
  TOO_FEW_PAIRS: 'te weinig koppels aanwezig om te beginnen',
  LATE_CANCELLATION: 'minder dan 48 uur van tevoren afgezegd',
  OTHER: 'een andere handeling die de wedstrijd verhinderde',
};

/**
 * The state of a match in one badge: fixture, being entered, complete or signed (on its way to
 * final, the API's words), disputed, final (how: the API's words) or not played.
 */
export function matchStateBadge(match: Pick<MatchSummary, 'status' | 'resultState'> & Partial<Pick<MatchSummary, 'resultPhase' | 'bothForfeited' | 'finality'>>): { tone: BadgeTone; label: string } {
  switch (match.status) {
    case 'NOT_PLAYED':
      return { tone: 'bad', label: 'Niet gespeeld (Regel 6)' };
    case 'FORFEIT':
      return { tone: 'bad', label: match.bothForfeited ? 'Beide teams onvolledig (Regel 7)' : 'Reglementair verloren (Regel 7)' };
    case 'CANCELLED':
      return { tone: 'neutral', label: 'Afgelast, gemiddelde score (Regel 8)' };
  }
  if (match.resultState === 'CONFIRMED') return { tone: 'good', label: finalitySentence(match.finality ?? 'definitief') };
  if (match.resultPhase === 'DISPUTED') return { tone: 'bad', label: 'Betwist door de uitploeg' };
  // Complete in its correction window, or a paper form signed by the home team: "Compleet", "Ondertekend door de thuisploeg" (the API's words up to the moment).
  if (match.finality) return { tone: 'info', label: finalitySentence(match.finality.split(',')[0]) };
  if (match.resultState === 'ENTERED') return { tone: 'warn', label: 'Wordt ingevoerd' };
  return { tone: 'info', label: 'Gepland' };
}

/** "Kaiman 1 wint", "Gelijkspel" or null while there is no confirmed winner. */
export function winnerText(match: Pick<MatchSummary, 'winner' | 'homeTeam' | 'awayTeam'> & Partial<Pick<MatchSummary, 'bothForfeited'>>): string | null {
  if (match.bothForfeited) return 'Beide teams verliezen';
  if (match.winner === 'DRAW') return 'Gelijkspel';
  if (match.winner === 'HOME') return `${match.homeTeam.name} wint`;
  if (match.winner === 'AWAY') return `${match.awayTeam.name} wint`;
  return null;
}

export function scoreText(match: Pick<MatchSummary, 'homePoints' | 'awayPoints'>): string {
  return match.homePoints === null || match.awayPoints === null ? '–' : `${match.homePoints} – ${match.awayPoints}`;
}

export type CountedScore = Schemas['CountedScoreDto'];

/**
 * The score every screen shows (the API's countedScore): before final the sets that count
 * (signed, decided, credited), the unsigned work apart, in the API's words ("+ 8–0 nog niet
 * ondertekend"); once final the result.
 */
export function countedScoreLine(score: CountedScore): string {
  return score.unsigned ? `${scoreText(score)} (${score.unsigned})` : scoreText(score);
}

/** A match day, "zaterdag 28 november 2026", as on the public pages (lib/format.ts says which date format goes where). */
export { longDate } from '@/components/standings/format';

/** The seats of one set, table by table. */
export function seatsOfSet(match: Pick<MatchDetail, 'sets'>, setNumber: number): Seat[] {
  return match.sets.filter((s) => s.setNumber === setNumber).sort((a, b) => a.tableNumber - b.tableNumber);
}

export function setNumbers(match: Pick<MatchDetail, 'pairsPerTeam'>): number[] {
  return Array.from({ length: match.pairsPerTeam }, (_, i) => i + 1);
}

/** The family names of a pair ("Sewdien / Pinas"), or "koppel N" while no line-up is known. */
export function pairNames(lineup: MatchDetail['homeLineup'], pairNumber: number): string | null {
  const pair = lineup?.pairs.find((p) => p.pairNumber === pairNumber);
  return pair ? pair.names.join(' / ') : null;
}

export function isPlayable(match: Pick<MatchSummary, 'status'>): boolean {
  return match.status === 'SCHEDULED' || match.status === 'PLAYED';
}
