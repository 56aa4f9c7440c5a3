/**
 * Who may change what at the match (RULES.md "Finality and authority at the match", the
 * authority table), as data: actor × phase × act → allowed, allowed with a reason (and
 * whether it is then a correction, publicly marked "Gecorrigeerd"), or refused with a Dutch
 * message and a stable code. The match core (match-command.ts) asks `authority()` before a
 * change to who played, a supervisor's change of a signed set and any change to a final match.
 *
 * Decisions where RULES.md is silent:
 * - The table's first entry *starts* the set, so entering is allowed "before the set starts".
 * - An administrator acting before a set started (a club's line-up, a late pair) needs no
 *   reason, as a club would not; from the start of a set on every change needs a reason.
 * - The phase of a change is that of the earliest set it touches.
 * - A Regel 22 void or a Regel 38 removal in a signed set is a correction (reason, marked); one
 *   in a set without entries yet is allowed (the table enters a set when it is over, so the
 *   supervisor acts while it is played).
 */

export const ACTORS = ['CLUB', 'TABLE', 'SUPERVISOR', 'ADMIN'] as const;
export type Actor = (typeof ACTORS)[number];

/** Of the set a change touches: not started, started (an entry or signature at any table) but not all signed, all signed; or the match is final. */
export const AUTHORITY_PHASES = ['BEFORE_SET', 'DURING_SET', 'AFTER_SIGNATURE', 'FINAL'] as const;
export type AuthorityPhase = (typeof AUTHORITY_PHASES)[number];

export const ACTS = [
  /** The line-up: pairs, who sits where (Regel 5). */
  'LINEUP',
  /** The reserves of the line-up (Regel 5A, 13): fixed when set 1 starts. */
  'RESERVES',
  /** Record a substitution (Regel 13, 14). */
  'SUBSTITUTE',
  /** Withdraw a substitution the club recorded. */
  'WITHDRAW_SUBSTITUTION',
  /** Enter or change the table's own, unsigned entry (Regel 15). */
  'ENTER_SCORE',
  /** Sign or refuse the opposing pair's entry (Regel 15, 35B). */
  'SIGN_OR_REFUSE',
  /** A pair that came late (Regel 5B, 5C). */
  'LATE_PAIR',
  /** Decide a refused set (Regel 35B). */
  'DECIDE_REFUSAL',
  /** Void games at a wrong table (Regel 22) or remove a player (Regel 38). */
  'VOID_OR_REMOVE',
  /** Change a signed score. */
  'CHANGE_SIGNED_SCORE',
  /** Withdraw what the supervisor recorded (late pair, substitution, removal, void, Regel 4 case). */
  'WITHDRAW_SUPERVISOR_RECORD',
] as const;
export type Act = (typeof ACTS)[number];

export type AuthorityAnswer =
  | { kind: 'ALLOWED' }
  | { kind: 'REASON'; correction: boolean }
  | { kind: 'REFUSED'; code: string; message: string };

const ALLOWED: AuthorityAnswer = { kind: 'ALLOWED' };
const REASON: AuthorityAnswer = { kind: 'REASON', correction: false };
const CORRECTION: AuthorityAnswer = { kind: 'REASON', correction: true };
const refused = (code: string, message: string): AuthorityAnswer => ({ kind: 'REFUSED', code, message });

const FINAL = refused('RESULT_LOCKED', 'De uitslag is definitief; alleen de bond kan hem nog corrigeren, met een reden.');
const STARTED = refused('SET_STARTED', 'Deze set is al begonnen: wie er aan tafel zat, staat vast (een invaller komt er met een wissel in, vanaf set 3: Regel 13 en 14).');
const SIGNED = refused('SET_ALREADY_SIGNED', 'Deze set is ondertekend en staat vast (Regel 15); alleen de wedstrijdleider kan hem nog corrigeren, met een reden.');
const NOT_ENTERED = refused('SET_NOT_ENTERED', 'Deze set is nog niet ingevoerd.');
const NOT_SIGNED = refused('SET_NOT_SIGNED', 'Deze set is nog niet ondertekend: de tafel past de eigen invoer aan, of de wedstrijdleider beslist over een weigering.');
const SUPERVISOR_ONLY = refused('SUPERVISOR_ONLY', 'Dit doet de wedstrijdleider (of de bond), met een reden.');
const TABLE_ONLY = refused('TABLE_ONLY', 'Dit doen de koppels aan tafel (Regel 15).');
const RESERVES_FIXED = refused(
  'RESERVES_FIXED',
  'De reservelijst staat vast sinds set 1 begon (Regel 5A, 13); daarna voegt alleen de wedstrijdleider (of de bond) een reserve toe, met een reden.',
);
const CLUB_ONLY = refused('CLUB_ONLY', 'De spelerslijst stelt de vereniging samen; de wedstrijdleider legt laatkomers en wissels vast.');

type Row = Record<AuthorityPhase, AuthorityAnswer>;
const row = (before: AuthorityAnswer, during: AuthorityAnswer, after: AuthorityAnswer, final: AuthorityAnswer = FINAL): Row => ({
  BEFORE_SET: before,
  DURING_SET: during,
  AFTER_SIGNATURE: after,
  FINAL: final,
});

/** RULES.md's authority table, one cell per actor, act and phase. */
export const AUTHORITY_TABLE: Readonly<Record<Actor, Record<Act, Row>>> = Object.freeze({
  CLUB: {
    LINEUP: row(ALLOWED, STARTED, STARTED),
    RESERVES: row(ALLOWED, RESERVES_FIXED, RESERVES_FIXED),
    SUBSTITUTE: row(ALLOWED, ALLOWED, SIGNED),
    WITHDRAW_SUBSTITUTION: row(ALLOWED, STARTED, STARTED),
    ENTER_SCORE: row(TABLE_ONLY, TABLE_ONLY, TABLE_ONLY),
    SIGN_OR_REFUSE: row(TABLE_ONLY, TABLE_ONLY, TABLE_ONLY),
    LATE_PAIR: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    DECIDE_REFUSAL: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    VOID_OR_REMOVE: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    CHANGE_SIGNED_SCORE: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    WITHDRAW_SUPERVISOR_RECORD: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
  },
  TABLE: {
    LINEUP: row(CLUB_ONLY, CLUB_ONLY, CLUB_ONLY),
    RESERVES: row(CLUB_ONLY, CLUB_ONLY, CLUB_ONLY),
    SUBSTITUTE: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    WITHDRAW_SUBSTITUTION: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    ENTER_SCORE: row(ALLOWED, ALLOWED, SIGNED),
    SIGN_OR_REFUSE: row(NOT_ENTERED, ALLOWED, SIGNED),
    LATE_PAIR: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    DECIDE_REFUSAL: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    VOID_OR_REMOVE: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    CHANGE_SIGNED_SCORE: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
    WITHDRAW_SUPERVISOR_RECORD: row(SUPERVISOR_ONLY, SUPERVISOR_ONLY, SUPERVISOR_ONLY),
  },
  SUPERVISOR: {
    LINEUP: row(CLUB_ONLY, CLUB_ONLY, CLUB_ONLY),
    RESERVES: row(CLUB_ONLY, REASON, REASON),
    SUBSTITUTE: row(REASON, REASON, SIGNED),
    WITHDRAW_SUBSTITUTION: row(REASON, REASON, REASON),
    ENTER_SCORE: row(TABLE_ONLY, TABLE_ONLY, TABLE_ONLY),
    SIGN_OR_REFUSE: row(TABLE_ONLY, TABLE_ONLY, TABLE_ONLY),
    LATE_PAIR: row(REASON, STARTED, STARTED),
    DECIDE_REFUSAL: row(NOT_ENTERED, REASON, SIGNED),
    VOID_OR_REMOVE: row(REASON, REASON, CORRECTION),
    CHANGE_SIGNED_SCORE: row(NOT_SIGNED, NOT_SIGNED, CORRECTION),
    WITHDRAW_SUPERVISOR_RECORD: row(REASON, REASON, REASON),
  },
  ADMIN: {
    LINEUP: row(ALLOWED, REASON, REASON, CORRECTION),
    RESERVES: row(ALLOWED, REASON, REASON, CORRECTION),
    SUBSTITUTE: row(ALLOWED, REASON, REASON, CORRECTION),
    WITHDRAW_SUBSTITUTION: row(ALLOWED, REASON, REASON, CORRECTION),
    ENTER_SCORE: row(REASON, REASON, CORRECTION, CORRECTION),
    SIGN_OR_REFUSE: row(REASON, REASON, CORRECTION, CORRECTION),
    LATE_PAIR: row(ALLOWED, REASON, REASON, CORRECTION),
    DECIDE_REFUSAL: row(REASON, REASON, CORRECTION, CORRECTION),
    VOID_OR_REMOVE: row(REASON, REASON, CORRECTION, CORRECTION),
    CHANGE_SIGNED_SCORE: row(REASON, REASON, CORRECTION, CORRECTION),
    WITHDRAW_SUPERVISOR_RECORD: row(REASON, REASON, REASON, CORRECTION),
  },
});

export function authority(actor: Actor, phase: AuthorityPhase, act: Act): AuthorityAnswer {
  return AUTHORITY_TABLE[actor][act][phase];
}

/** The actor of a signed-in user's role (a secretary acts for a club). */
export function actorOfRole(role: 'ADMIN' | 'SECRETARY' | 'SUPERVISOR'): Actor {
  return role === 'SECRETARY' ? 'CLUB' : role;
}
