// The game's and the federation's words (RULES.md, glossary), in one place for every screen.
// A screen that names a kind of game, a set's state, the points or the form of address takes
// its word from here; vocabulary.spec.ts fails on a screen that brings its own.
//
// Decisions:
// - A deal of 13 tricks is a "partij" (plural "partijen"), never "game" on a screen.
// - Competition points (3 / 1 / 0, Regel 40) are "competitiepunten", "CP" in the standings;
//   the points scored in partijen are "punten"; what a penalty gives is "strafpunten".
// - The person who corrects and decides at the match is the "wedstrijdleider".
// - Every page addresses the reader with "u" (the dashboard did, the public pages now do too).
// - A set that is final (signed, decided by the wedstrijdleider, or credited by the rules) is
//   marked ✓ everywhere; the words say how it became final.
import type { Schemas } from './api-core';

type GameKind = Schemas['GameDto']['kind'];
type SetState = Schemas['SeatState'];

/** The plain words of the game and the federation. */
export const WORDS = {
  federation: 'de bond',
  match: 'wedstrijd',
  set: 'set',
  game: 'partij',
  games: 'partijen',
  pair: 'koppel',
  walkingPair: 'lopend koppel',
  homePair: 'thuiskoppel',
  awayPair: 'uitkoppel',
  lineup: 'spelerslijst',
  memberList: 'moederlijst',
  fine: 'boete',
  standings: 'stand',
  supervisor: 'wedstrijdleider',
  /** What the partijen give: won 2, kap 5, baunie 15 (Regel 29–34). */
  gamePoints: 'punten',
  /** What a penalty gives the opponent. */
  penaltyPoints: 'strafpunten',
  /** Win 3, draw 1, loss 0 (Regel 40). */
  competitionPoints: 'competitiepunten',
  competitionPointsShort: 'CP',
  deduction: 'aftrek',
} as const;

/**
 * Each kind of partij in three forms: `name` in a sentence ("een kap is 5 punten waard"),
 * `choice` on a button or in a list to pick it, `short` in a cell of a narrow table.
 * The API's messages (backend/src/domain/match/seat-entry.ts) use the same `name`s.
 */
export const GAME_KINDS: Record<GameKind, { name: string; choice: string; short: string }> = {
  WON: { name: 'gewonnen partij', choice: 'Gewonnen', short: 'gew.' },
  KAP: { name: 'kap', choice: 'Kap', short: 'kap' },
  KAP_TAPPED: { name: 'kap getikt door de partner', choice: 'Kap getikt door de partner', short: 'kap getikt' },
  BAUNIE: { name: 'baunie', choice: 'Baunie', short: 'baunie' },
  FAILED_BAUNIE: { name: 'mislukte baunie', choice: 'Mislukte baunie', short: 'mislukte baunie' },
  PENALTY: { name: 'straf', choice: 'Straf', short: 'straf' },
};

/** The kinds in the order a scorer meets them. */
export const GAME_KIND_ORDER: GameKind[] = ['WON', 'KAP', 'KAP_TAPPED', 'BAUNIE', 'FAILED_BAUNIE', 'PENALTY'];

/** The sides, as the buttons and headings say them. */
export const SIDES = { HOME: 'Thuis', AWAY: 'Uit' } as const;

/**
 * A set's state at the table and on the console: `label` in full (status line, a cell's name),
 * `short` in a legend, `mark` the sign drawn in a cell or a tab. Final sets share ✓.
 */
export const SET_STATES: Record<SetState, { label: string; short: string; mark: string }> = {
  WAITING: { label: 'Nog niet ingevoerd', short: 'nog niet ingevoerd', mark: '○' },
  ENTERED: { label: 'Ingevoerd — wacht op handtekening', short: 'wacht op handtekening', mark: '…' },
  SIGNED: { label: 'Ondertekend', short: 'ondertekend', mark: '✓' },
  DISPUTED: { label: 'Betwist', short: 'betwist: de wedstrijdleider beslist', mark: '!' },
  CREDITED: { label: 'Toegekend volgens de regels', short: 'toegekend volgens de regels', mark: '✓' },
};

/** A signed set that the wedstrijdleider decided (a refused signature, Regel 35B) or corrected. */
export const DECIDED_SET = { label: 'Beslist door de wedstrijdleider', short: 'beslist door de wedstrijdleider', mark: '✓' } as const;

/** A signed set whose score changed afterwards (a correction: decided over the signature, or credited by the rules after it was signed). */
export const CORRECTED_SET = { label: 'Gecorrigeerd', short: 'gecorrigeerd', mark: '✎' } as const;

/**
 * How a match became final, or becomes final, is the API's `finality` ("bevestigd door beide
 * teams", "definitief na het correctievenster", "compleet, wordt definitief om 22:41" …): the
 * same words on every screen, print and mail (RULES.md "Say how it became final"). A screen
 * never says in words of its own that a match was confirmed, nor asks for a confirmation.
 * This starts them as a sentence.
 */
export function finalitySentence(finality: string): string {
  return finality.charAt(0).toUpperCase() + finality.slice(1);
}

/** The legend under a grid of sets: one entry per mark, final sets under one ✓. */
export function setMarkLegend(): { mark: string; text: string }[] {
  return [
    { mark: SET_STATES.WAITING.mark, text: SET_STATES.WAITING.short },
    { mark: SET_STATES.ENTERED.mark, text: SET_STATES.ENTERED.short },
    { mark: '✓', text: `vast: ${SET_STATES.SIGNED.short}, ${DECIDED_SET.short} of ${SET_STATES.CREDITED.short}` },
    { mark: SET_STATES.DISPUTED.mark, text: SET_STATES.DISPUTED.short },
  ];
}

/** What a button that closes a message says (never a bare "Gelezen"). */
export const DISMISS_MESSAGE = 'Melding sluiten';

/** "1 taak", "3 taken": the items of a to-do list (not "punten", which are scored). */
export function taskCount(n: number): string {
  return `${n} ${n === 1 ? 'taak' : 'taken'}`;
}

/**
 * The state of a to-do item. "te laat" only where a term has passed (Regel 1's deadline, a
 * result not in the day after the match, a fine past Regel 12B's due date); a dispute or an
 * impossible score waits for a decision, a line-up due within a day is pressing: neither is late.
 */
export const TODO_STATES = {
  LATE: { label: 'te laat', tone: 'bad' },
  DECISION: { label: 'beslissing nodig', tone: 'bad' },
  DISPUTED: { label: 'betwist', tone: 'bad' },
  PRESSING: { label: 'dringend', tone: 'bad' },
  OPEN: { label: 'open', tone: 'warn' },
  INFO: { label: 'ter informatie', tone: 'info' },
} as const;

/** The state of a mail in the outgoing log. */
export const MAIL_STATES = { PENDING: 'In de wachtrij', SENT: 'Verstuurd', FAILED: 'Mislukt' } as const;
