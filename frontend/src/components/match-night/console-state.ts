// The supervisor's console forms as pure reducers (issue 47): recording a substitution (Regel 13,
// 14), a late pair (Regel 5B, 5C) and adding a reserve after set 1 started (Regel 5A, 13; RULES.md
// revised 2026-12-06). Each form's draft, what the supervisor still has to do before the
// confirmation (in Dutch), and the checks the screen shows before it sends; the API decides.
// The views (console-facts.tsx, console-reserve.tsx) render from these; console-state.spec.ts plays them.
import type { NoticeMessage } from '@/components/ui/notice';
import type { Schemas } from '@/lib/api-server';

export type TeamLineup = Schemas['TeamLineupDto'];
export type Substitution = Schemas['SubstitutionDto'];
export type ReserveCandidate = Schemas['ReserveCandidateDto'];

export interface ConsoleRules {
  substitutionsFromSet: number;
  maxSubstitutions: number;
  missingSetPoints: number;
}

/** A reason the audit log keeps: at least this many characters (after trimming). */
export const MIN_REASON = 3;
const hasReason = (reason: string) => reason.trim().length >= MIN_REASON;

/** Under a form: its own problem (before the confirmation) in place of the API's last answer. */
export const noticeOf = (problem: string | null, message: NoticeMessage | null): NoticeMessage | null => (problem ? { tone: 'bad', lines: [problem] } : message);

/** The line-ups a form can act on: those a secretary recorded. */
export const recordedLineups = (lineups: TeamLineup[]) => lineups.filter((l) => l.recorded);

// ——— Substitutions (Regel 13, 14) ———

export interface SubstitutionState {
  teamId: string;
  setNumber: number;
  pairNumber: number;
  outId: string;
  inId: string;
  reason: string;
  /** The confirmation (role="alertdialog") is open. */
  confirming: boolean;
  /** What the supervisor must still do before the confirmation, in Dutch; null when nothing. */
  problem: string | null;
}

export type SubstitutionAction =
  | { type: 'team'; teamId: string }
  | { type: 'set'; setNumber: number }
  | { type: 'pair'; pairNumber: number }
  | { type: 'out'; memberId: string }
  | { type: 'in'; memberId: string }
  | { type: 'reason'; reason: string }
  /** "Wissel controleren": the lineup of the chosen team (undefined when there is none). */
  | { type: 'review'; lineup: TeamLineup | undefined }
  | { type: 'cancel' }
  /** The API answered: recorded (allowed or not) clears who and why; a refusal keeps the draft. */
  | { type: 'answered'; recorded: boolean };

export function initialSubstitution(lineups: TeamLineup[], rules: ConsoleRules): SubstitutionState {
  return { teamId: recordedLineups(lineups)[0]?.teamId ?? '', setNumber: rules.substitutionsFromSet, pairNumber: 1, outId: '', inId: '', reason: '', confirming: false, problem: null };
}

/** What the supervisor must still do before a substitution can be confirmed, or null. */
export function substitutionProblem(state: SubstitutionState, lineup: TeamLineup | undefined): string | null {
  if (!lineup || !state.outId || !state.inId) return 'Kies het team, wie eruit gaat en wie er invalt.';
  if (!hasReason(state.reason)) return 'Geef de reden van de wissel (komt in het logboek).';
  return null;
}

export function substitutionReducer(state: SubstitutionState, action: SubstitutionAction): SubstitutionState {
  // Every edit closes the confirmation (what is confirmed is what is sent) and clears the last problem.
  const edited = { confirming: false, problem: null };
  switch (action.type) {
    case 'team':
      // Another team: its own players, so who goes out and who comes in start over.
      return { ...state, ...edited, teamId: action.teamId, outId: '', inId: '' };
    case 'set':
      return { ...state, ...edited, setNumber: action.setNumber };
    case 'pair':
      // Another pair: other players go out.
      return { ...state, ...edited, pairNumber: action.pairNumber, outId: '' };
    case 'out':
      return { ...state, ...edited, outId: action.memberId };
    case 'in':
      return { ...state, ...edited, inId: action.memberId };
    case 'reason':
      return { ...state, ...edited, reason: action.reason };
    case 'review': {
      const problem = substitutionProblem(state, action.lineup);
      return { ...state, confirming: problem === null, problem };
    }
    case 'cancel':
      return { ...state, confirming: false };
    case 'answered':
      return action.recorded ? { ...state, confirming: false, outId: '', inId: '', reason: '' } : { ...state, confirming: false };
  }
}

/** Who is in a pair just before `setNumber`: the starting two, changed by earlier substitutions. */
export function playersInPair(lineup: TeamLineup, pairNumber: number, setNumber: number): string[] {
  const start = lineup.pairs.find((p) => p.pairNumber === pairNumber)?.players.map((p) => p.memberId) ?? [];
  return lineup.substitutions
    .filter((s) => s.pairNumber === pairNumber && s.setNumber <= setNumber)
    .sort((a, b) => a.setNumber - b.setNumber)
    .reduce((players, s) => players.map((id) => (id === s.outMemberId ? s.inMemberId : id)), start);
}

/** What the rules will say before it is sent (the API decides; this only warns). */
export function precheck(lineup: TeamLineup, draft: Pick<SubstitutionState, 'setNumber' | 'pairNumber' | 'outId' | 'inId'>, rules: ConsoleRules): string[] {
  const { setNumber, pairNumber, outId, inId } = draft;
  const warnings: string[] = [];
  if (setNumber < rules.substitutionsFromSet) warnings.push(`Wisselen mag pas vanaf set ${rules.substitutionsFromSet} (Regel 13).`);
  if (lineup.substitutions.length >= rules.maxSubstitutions) warnings.push(`Dit is wissel ${lineup.substitutions.length + 1}; hoogstens ${rules.maxSubstitutions} per team (Regel 13).`);
  if (lineup.substitutions.some((s) => s.outMemberId === inId && s.setNumber <= setNumber)) warnings.push('De invaller ging eerder al uit en mag niet terugkomen (Regel 14).');
  const reserves = new Set(lineup.reserves.map((p) => p.memberId));
  const partner = playersInPair(lineup, pairNumber, setNumber).find((id) => id !== outId);
  if (partner && reserves.has(partner) && reserves.has(inId)) warnings.push('Twee invallers mogen samen geen koppel vormen (Regel 14).');
  return warnings;
}

/** What a recorded substitution that was not allowed costs. */
export function consequence(sub: Pick<Substitution, 'violation' | 'pairNumber' | 'setNumber'>, rules: ConsoleRules): string {
  if (sub.violation?.includes('Regel 4')) return 'De invaller staat niet op de spelerslijst: het team verliest de wedstrijd en krijgt puntaftrek (Regel 4).';
  return `Koppel ${sub.pairNumber} verliest vanaf set ${sub.setNumber} elke set met ${rules.missingSetPoints}–0 (Regel 14).`;
}

// ——— Late pairs (Regel 5B, 5C) ———

export interface LatePairState {
  teamId: string;
  pairNumber: number;
  fromSet: number;
  reason: string;
  confirming: boolean;
  problem: string | null;
}

export type LatePairAction =
  | { type: 'team'; teamId: string }
  | { type: 'pair'; pairNumber: number }
  | { type: 'fromSet'; fromSet: number }
  | { type: 'reason'; reason: string }
  | { type: 'review'; lineup: TeamLineup | undefined }
  | { type: 'cancel' }
  /** The API answered: recorded clears the reason; a refusal keeps the draft. */
  | { type: 'answered'; recorded: boolean };

/** The last pair from set 2: the usual late pair. */
export function initialLatePair(lineups: TeamLineup[], pairsPerTeam: number): LatePairState {
  return { teamId: recordedLineups(lineups)[0]?.teamId ?? '', pairNumber: pairsPerTeam, fromSet: 2, reason: '', confirming: false, problem: null };
}

export function latePairProblem(state: LatePairState, lineup: TeamLineup | undefined): string | null {
  if (!lineup?.pairs.some((p) => p.pairNumber === state.pairNumber)) return 'Kies een koppel van de spelerslijst.';
  if (!hasReason(state.reason)) return 'Geef de reden (komt in het logboek).';
  return null;
}

export function latePairReducer(state: LatePairState, action: LatePairAction): LatePairState {
  const edited = { confirming: false, problem: null };
  switch (action.type) {
    case 'team':
      return { ...state, ...edited, teamId: action.teamId };
    case 'pair':
      return { ...state, ...edited, pairNumber: action.pairNumber };
    case 'fromSet':
      return { ...state, ...edited, fromSet: action.fromSet };
    case 'reason':
      return { ...state, ...edited, reason: action.reason };
    case 'review': {
      const problem = latePairProblem(state, action.lineup);
      return { ...state, confirming: problem === null, problem };
    }
    case 'cancel':
      return { ...state, confirming: false };
    case 'answered':
      return action.recorded ? { ...state, confirming: false, reason: '' } : { ...state, confirming: false };
  }
}

/** What the confirmation says will count: from set 1 nothing is lost; later, the sets before go to the opponent (Regel 12A). */
export function latePairLost(fromSet: number): string {
  return fromSet > 1 ? `; sets 1 tot en met ${fromSet - 1} tellen als verloren (Regel 12A)` : '';
}

/** The message once the API recorded the late pair. */
export function latePairRecorded(teamName: string | undefined, pairNumber: number, fromSet: number): string {
  return fromSet === 1
    ? `Koppel ${pairNumber} van ${teamName} speelt vanaf set 1.`
    : `Koppel ${pairNumber} van ${teamName} speelt vanaf set ${fromSet}; de sets ervoor gaan naar de tegenstander (Regel 5B/5C, 12A).`;
}

// ——— A reserve added by the supervisor after set 1 started (Regel 5A, 13) ———

export interface ReserveState {
  teamId: string;
  /** The member number the team leader gives; the supervisor never sees the member list (Regel 15). */
  memberNumber: string;
  searching: boolean;
  /** The member found for this team and number: the family name and eligibility only. */
  candidate: ReserveCandidate | null;
  /** The lookup's Dutch refusal (not on the club's list, no number). */
  notFound: string | null;
  reason: string;
  confirming: boolean;
  problem: string | null;
}

export type ReserveAction =
  | { type: 'team'; teamId: string }
  | { type: 'memberNumber'; memberNumber: string }
  /** "Zoeken": on its way, or at once "Geef het lidnummer." when there is no number. */
  | { type: 'search' }
  /** The lookup's answer for a team and number: dropped when the form has moved on to another. */
  | { type: 'found'; teamId: string; memberNumber: string; candidate: ReserveCandidate }
  | { type: 'notFound'; teamId: string; memberNumber: string; text: string }
  | { type: 'reason'; reason: string }
  | { type: 'review'; lineup: TeamLineup | undefined; rules: Pick<ConsoleRules, 'maxSubstitutions'> }
  | { type: 'cancel' }
  /** The API answered: added clears the form (the team stays); a refusal keeps it. */
  | { type: 'answered'; added: boolean };

export function initialReserve(lineups: TeamLineup[]): ReserveState {
  return { teamId: recordedLineups(lineups)[0]?.teamId ?? '', memberNumber: '', searching: false, candidate: null, notFound: null, reason: '', confirming: false, problem: null };
}

/** Whether a member is already on a team's line-up (in a pair or among the reserves). */
export function onLineup(lineup: TeamLineup, memberId: string): boolean {
  return [...lineup.pairs.flatMap((p) => p.players), ...lineup.reserves].some((p) => p.memberId === memberId);
}

/** The member number as the lookup gets it; null when there is none to look up. */
export function memberNumberToSearch(state: ReserveState): string | null {
  const number = state.memberNumber.trim();
  return number ? number : null;
}

/** What stops the found member from being added, shown at once beside the name. */
export function candidateProblem(lineup: TeamLineup | undefined, candidate: ReserveCandidate, rules: Pick<ConsoleRules, 'maxSubstitutions'>): string | null {
  if (!lineup) return null;
  if (onLineup(lineup, candidate.memberId)) return `${candidate.familyName} staat al op de spelerslijst van ${lineup.teamName}.`;
  // The reserve list holds at most as many as the substitutions allowed (Regel 13; the API's line-up check).
  if (lineup.reserves.length >= rules.maxSubstitutions) return `${lineup.teamName} heeft al ${lineup.reserves.length} reserves, het maximum (Regel 13).`;
  return null;
}

export function reserveProblem(state: ReserveState, lineup: TeamLineup | undefined, rules: Pick<ConsoleRules, 'maxSubstitutions'>): string | null {
  if (!lineup) return 'Kies het team.';
  if (!state.candidate) return 'Zoek eerst het lid op lidnummer.';
  const blocked = candidateProblem(lineup, state.candidate, rules);
  if (blocked) return blocked;
  if (!hasReason(state.reason)) return 'Geef de reden waarom de reserve erbij komt (komt in het logboek).';
  return null;
}

/** What the confirmation warns about (the API records the reserve and marks it; this only warns). */
export function reserveWarnings(candidate: ReserveCandidate): string[] {
  return candidate.eligible ? [] : [`${candidate.familyName} is op de wedstrijddatum niet speelgerechtigd (Regel 3B, 4); valt deze speler in, dan is dat een Regel 4-zaak.`];
}

export function reserveReducer(state: ReserveState, action: ReserveAction): ReserveState {
  const edited = { confirming: false, problem: null };
  const forgotten = { searching: false, candidate: null, notFound: null };
  const current = (a: { teamId: string; memberNumber: string }) => a.teamId === state.teamId && a.memberNumber === state.memberNumber;
  switch (action.type) {
    case 'team':
      // The member found belongs to the other team's club: look up again.
      return { ...state, ...edited, ...forgotten, teamId: action.teamId };
    case 'memberNumber':
      return { ...state, ...edited, ...forgotten, memberNumber: action.memberNumber };
    case 'search':
      // Nothing to look up: said at once, without asking the API.
      return memberNumberToSearch(state) === null ? { ...state, ...edited, ...forgotten, notFound: 'Geef het lidnummer.' } : { ...state, ...edited, ...forgotten, searching: true };
    case 'found':
      return current(action) ? { ...state, searching: false, candidate: action.candidate, notFound: null } : state;
    case 'notFound':
      return current(action) ? { ...state, searching: false, candidate: null, notFound: action.text } : state;
    case 'reason':
      return { ...state, ...edited, reason: action.reason };
    case 'review': {
      const problem = reserveProblem(state, action.lineup, action.rules);
      return { ...state, confirming: problem === null, problem };
    }
    case 'cancel':
      return { ...state, confirming: false };
    case 'answered':
      return action.added ? { ...state, ...forgotten, confirming: false, memberNumber: '', reason: '' } : { ...state, confirming: false };
  }
}

/** The line-up as stored with the reserve added, and the reason: the body of PUT …/lineups/{teamId}. */
export function lineupWithReserve(lineup: TeamLineup, memberId: string, reason: string) {
  return {
    pairs: lineup.pairs.map((p) => ({ pairNumber: p.pairNumber, fromSet: p.fromSet, memberIds: p.players.map((x) => x.memberId) })),
    reserves: [...lineup.reserves.map((r) => r.memberId), memberId],
    reason: reason.trim(),
  };
}
