/**
 * Reminders (issue 17): from the recorded facts and the moment `now`, every reminder that is
 * due, for whom, with a dedup key. The scheduler stores each one once (the key is unique), so
 * running this again — a second worker, a restart, a scan after downtime — never reminds twice,
 * and a scan after downtime still sends what became due meanwhile (the rules look at the state,
 * not at the moment the state changed). A reminder whose task can no longer be done in time
 * (a line-up once the match started) or that is replaced by a later one (the deadline passed)
 * is no longer due.
 *
 * Days are calendar dates in the Netherlands; moments are instants. `zone` converts between
 * them, so this module stays free of time-zone code.
 */
import { addDays, compareDates, formatDutchDate, type IsoDate } from './dates';
import { resultPhase } from './match/result-flow';

// ─────────────────────────── kinds and timing ───────────────────────────

/** What a user can choose to receive (User.notificationsOff holds the ones switched off). */
export const REMINDER_KINDS = [
  'MEMBER_LIST_DEADLINE',
  'LINEUP_MISSING',
  'RESULT_MISSING',
  'MATCH_DISPUTED',
  'MATCH_CORRECTED',
  'FINE_CONFIRMED',
  'FINE_DUE',
  'FINE_OVERDUE',
  'TRANSFER_DECIDED',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Dutch names for the settings page and the weekly summary. */
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  MEMBER_LIST_DEADLINE: 'Moederlijst: de termijn nadert of is verstreken (Regel 1)',
  LINEUP_MISSING: 'Spelerslijst nog niet samengesteld, 24 uur voor de wedstrijd (Regel 5D)',
  RESULT_MISSING: 'Uitslag nog niet ingevoerd, of ondertekend en te controleren, de ochtend na de wedstrijd',
  MATCH_DISPUTED: 'Een uitslag van uw wedstrijd is betwist',
  MATCH_CORRECTED: 'Een uitslag van uw wedstrijd is gecorrigeerd',
  FINE_CONFIRMED: 'Een boete is opgelegd',
  FINE_DUE: 'Een boete moet binnen 7 dagen betaald zijn (Regel 12B)',
  FINE_OVERDUE: 'Een boete is over de betalingstermijn (Regel 12B)',
  TRANSFER_DECIDED: 'Het bestuur besliste over een overschrijving (Regel 2)',
};

/** Which roles a kind can reach: the settings page offers only these. */
export const REMINDER_KIND_ROLES: Record<ReminderKind, readonly Role[]> = {
  MEMBER_LIST_DEADLINE: ['SECRETARY'],
  LINEUP_MISSING: ['SECRETARY'],
  RESULT_MISSING: ['SECRETARY'],
  MATCH_DISPUTED: ['SECRETARY', 'SUPERVISOR'],
  MATCH_CORRECTED: ['SECRETARY'],
  FINE_CONFIRMED: ['SECRETARY'],
  FINE_DUE: ['SECRETARY'],
  FINE_OVERDUE: ['SECRETARY'],
  TRANSFER_DECIDED: ['SECRETARY'],
};

export function isReminderKind(value: string): value is ReminderKind {
  return (REMINDER_KINDS as readonly string[]).includes(value);
}

/** Regel 1: the first reminder this many days before the member list deadline. */
export const LIST_REMINDER_DAYS_BEFORE = 7;
/** Regel 5D: a line-up not composed this many hours before the start. */
export const LINEUP_REMINDER_HOURS_BEFORE = 24;
/** Date-based reminders go out in the morning, never at midnight. */
export const MORNING = '08:00';
/** Regel 12B: "due within 7 days". */
export const FINE_DUE_SOON_DAYS = 7;
/** News (a correction, a fine, a transfer decision) older than this is not told any more. */
export const NEWS_DAYS = 14;

// ─────────────────────────── facts ───────────────────────────

export type Role = 'ADMIN' | 'SECRETARY' | 'SUPERVISOR';

export interface Recipient {
  id: string;
  role: Role;
  clubId: string | null;
  /** Kinds this user switched off. */
  notificationsOff: readonly string[];
}

export interface ClubRef {
  id: string;
  name: string;
}

/** One club's member list for one season that is not closed. */
export interface MemberListFact {
  seasonId: string;
  seasonName: string;
  club: ClubRef;
  /** Regel 1: due on this day (inclusive). */
  deadline: IsoDate;
  seasonEndsOn: IsoDate;
  submitted: boolean;
}

export interface TeamRef {
  teamId: string;
  teamName: string;
  club: ClubRef;
}

export interface MatchFact {
  id: string;
  date: IsoDate;
  /** Local start "HH:MM". */
  startTime: string;
  /** The start, as an instant (date and startTime in the Netherlands). */
  start: Date;
  home: TeamRef;
  away: TeamRef;
  status: 'SCHEDULED' | 'PLAYED' | 'NOT_PLAYED' | 'FORFEIT' | 'CANCELLED';
  resultState: 'NONE' | 'ENTERED' | 'CONFIRMED';
  homeSigned: boolean;
  disputedAt: Date | null;
  disputeComment: string | null;
  correctedAt: Date | null;
  correctionReason: string | null;
  homeLineup: boolean;
  awayLineup: boolean;
  /** The latest set refused at the table and not yet decided by the supervisor (Regel 35B), if any. */
  tableDisputedAt: Date | null;
  /** Sets whose recorded score is impossible (Regel 15: only the supervisor changes them). */
  impossibleSets: number;
  /**
   * Played at the tables (the night was opened, or a table entered a set): signed at the tables
   * and final by itself, so nobody is asked to enter, sign or confirm a paper form (RULES.md,
   * revised 2026-12-06). Absent: false.
   */
  atTables?: boolean;
  /** How the result became final, or becomes final, in the words of every screen (finalityWords); absent or null: not yet. */
  finality?: string | null;
  /** Who made the latest correction: the federation (ADMIN) or the supervisor. */
  correctedByRole?: string | null;
}

export interface FineFact {
  id: string;
  club: ClubRef;
  rule: string;
  reason: string;
  amountCents: number | null;
  status: 'PROPOSED' | 'OPEN' | 'PAID' | 'WAIVED' | 'DISCARDED';
  issuedOn: IsoDate;
  dueOn: IsoDate;
}

export interface TransferFact {
  id: string;
  memberName: string;
  fromClub: ClubRef | null;
  toClub: ClubRef;
  status: 'REQUESTED' | 'APPROVED' | 'REFUSED' | 'COMPLETED';
  /** A board decision (Regel 2), when taken. */
  decidedAt: Date | null;
}

export interface ReminderFacts {
  users: readonly Recipient[];
  memberLists: readonly MemberListFact[];
  matches: readonly MatchFact[];
  fines: readonly FineFact[];
  transfers: readonly TransferFact[];
}

/** Converts between the Netherlands' calendar and instants (backend: match-row's localInstant). */
export interface Zone {
  /** The instant of a local date and "HH:MM". */
  instant(date: IsoDate, time: string): Date;
  /** The local calendar date of an instant. */
  today(now: Date): IsoDate;
}

export interface Reminder {
  kind: ReminderKind;
  userId: string;
  /** Unique per reminder and recipient: storing it twice is impossible. */
  dedupKey: string;
  subject: string;
  text: string;
  /** The dashboard path where the task is done. */
  link: string;
  /** From this moment on the reminder is due. */
  dueAt: Date;
}

// ─────────────────────────── texts ───────────────────────────

const WEEKDAYS = ['zo', 'ma', 'di', 'wo', 'do', 'vr', 'za'];

function dayLabel(date: IsoDate): string {
  return `${WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]} ${formatDutchDate(date)}`;
}

export function matchLabel(match: Pick<MatchFact, 'home' | 'away' | 'date'>): string {
  return `${match.home.teamName} – ${match.away.teamName} (${dayLabel(match.date)})`;
}

/** "Geen spelerslijst … (Regel 5D). Bedrag € 15,00": the reason, its rule when the reason does not name it, the amount. */
export function fineDescription(fine: Pick<FineFact, 'reason' | 'rule' | 'amountCents'>): string {
  const reason = fine.reason.trim().replace(/\.$/, '');
  const rule = reason.includes(`Regel ${fine.rule}`) ? '' : ` (Regel ${fine.rule})`;
  return `${reason}${rule}; ${euros(fine.amountCents)}`;
}

export function euros(cents: number | null): string {
  if (cents === null) return 'bedrag nog vast te stellen';
  return `€ ${(cents / 100).toFixed(2).replace('.', ',')}`;
}

// ─────────────────────────── the rules ───────────────────────────

interface Candidate {
  kind: ReminderKind;
  /** Without the user: the recipient's id is appended. */
  key: string;
  subject: string;
  text: string;
  /** Per recipient role, where the task is done. */
  link: string;
  supervisorLink?: string;
  dueAt: Date;
  to: (user: Recipient) => boolean;
}

const secretaryOf =
  (...clubIds: (string | null | undefined)[]) =>
  (user: Recipient) =>
    user.role === 'SECRETARY' && user.clubId !== null && clubIds.includes(user.clubId);

const supervisor = (user: Recipient) => user.role === 'SUPERVISOR';

/** Regel 1: the list is due soon (from 7 days before the deadline) and, once passed, late. */
function memberListCandidates(list: MemberListFact, today: IsoDate, zone: Zone): Candidate[] {
  if (list.submitted || compareDates(today, list.seasonEndsOn) > 0) return [];
  const base = { kind: 'MEMBER_LIST_DEADLINE' as const, link: '/vereniging/moederlijst', to: secretaryOf(list.club.id) };
  const deadline = formatDutchDate(list.deadline);
  if (compareDates(today, list.deadline) <= 0) {
    return [
      {
        ...base,
        key: `list-due:${list.seasonId}:${list.club.id}`,
        subject: `Moederlijst ${list.seasonName} uiterlijk ${deadline} inleveren`,
        text: `De moederlijst van ${list.club.name} voor seizoen ${list.seasonName} moet uiterlijk ${deadline} binnen zijn (Regel 1). Lees uw ledenbestand in of voeg de leden toe.`,
        dueAt: zone.instant(addDays(list.deadline, -LIST_REMINDER_DAYS_BEFORE), MORNING),
      },
    ];
  }
  return [
    {
      ...base,
      key: `list-late:${list.seasonId}:${list.club.id}`,
      subject: `Moederlijst ${list.seasonName} is te laat`,
      text: `De moederlijst van ${list.club.name} voor seizoen ${list.seasonName} had uiterlijk ${deadline} binnen moeten zijn (Regel 1) en is er nog niet. Lever hem zo snel mogelijk in: wie niet op de lijst staat, mag niet spelen.`,
      dueAt: zone.instant(addDays(list.deadline, 1), MORNING),
    },
  ];
}

/** Who corrected, in the words of every screen: "gecorrigeerd door de bond" or "gecorrigeerd door de wedstrijdleider" (finalityWords). */
export function correctedWords(match: Pick<MatchFact, 'finality' | 'correctedByRole'>): string {
  if (match.finality?.startsWith('gecorrigeerd')) return match.finality;
  return match.correctedByRole === 'ADMIN' ? 'gecorrigeerd door de bond' : 'gecorrigeerd door de wedstrijdleider';
}

function matchCandidates(match: MatchFact, now: Date, today: IsoDate, zone: Zone): Candidate[] {
  const out: Candidate[] = [];
  const label = matchLabel(match);
  const open = match.status === 'SCHEDULED' || match.status === 'PLAYED';
  const page = `/vereniging/wedstrijden/${match.id}`;

  // Regel 5D: 24 hours before the start, for each side without a line-up, until the start.
  if (open && match.resultState === 'NONE' && now < match.start) {
    for (const side of ['home', 'away'] as const) {
      if (side === 'home' ? match.homeLineup : match.awayLineup) continue;
      const team = match[side];
      out.push({
        kind: 'LINEUP_MISSING',
        key: `lineup:${match.id}:${team.teamId}`,
        subject: `Spelerslijst ${team.teamName} nog niet samengesteld`,
        text: `De spelerslijst van ${team.teamName} voor ${label}, aanvang ${match.startTime}, is nog niet samengesteld. Zonder spelerslijst voor aanvang volgt een boete (Regel 5D).`,
        link: `${page}/spelerslijst`,
        dueAt: new Date(match.start.getTime() - LINEUP_REMINDER_HOURS_BEFORE * 3_600_000),
        to: secretaryOf(team.club.id),
      });
    }
  }

  // The morning after, on paper: the home team enters and signs, then the away team checks it
  // (it becomes final by itself). A match played at the tables is signed there and becomes final
  // by itself: nobody is asked for a form or a confirmation it does not need.
  const phase = resultPhase({ resultState: match.resultState, homeSigned: match.homeSigned, disputed: match.disputedAt !== null });
  const morningAfter = zone.instant(addDays(match.date, 1), MORNING);
  const paper = !match.atTables;
  if (open && paper && (phase === 'NONE' || phase === 'IN_PROGRESS')) {
    out.push({
      kind: 'RESULT_MISSING',
      key: `result-entry:${match.id}`,
      subject: `Uitslag ${match.home.teamName} – ${match.away.teamName} nog niet ingevoerd`,
      text: `De uitslag van ${label} is nog niet ${phase === 'NONE' ? 'ingevoerd' : 'door de thuisploeg ondertekend'}. Voer hem in en onderteken hem, dan kan ${match.away.teamName} hem bevestigen.`,
      link: `${page}/uitslag`,
      dueAt: morningAfter,
      to: secretaryOf(match.home.club.id),
    });
  }
  if (open && paper && phase === 'SIGNED_BY_HOME') {
    out.push({
      kind: 'RESULT_MISSING',
      key: `result-confirm:${match.id}`,
      subject: `Uitslag ${match.home.teamName} – ${match.away.teamName} ondertekend door de thuisploeg`,
      text:
        `De uitslag van ${label}: ${match.finality ?? 'ondertekend door de thuisploeg'}. Klopt hij, dan hoeft u niets te doen (bevestigen kan nu al). ` +
        'Klopt er iets niet, kies dan "Niet akkoord" met een toelichting; de wedstrijdleider beslist.',
      link: page,
      dueAt: morningAfter,
      to: secretaryOf(match.away.club.id),
    });
  }

  // A refusal of the paper form goes to the supervisor, who decides (RULES.md "The paper path"); the home team hears of it.
  if (phase === 'DISPUTED' && match.disputedAt) {
    out.push({
      kind: 'MATCH_DISPUTED',
      key: `dispute:${match.id}:${match.disputedAt.getTime()}`,
      subject: `Uitslag ${match.home.teamName} – ${match.away.teamName} betwist`,
      text: `${match.away.teamName} ging niet akkoord met de uitslag van ${label}${match.disputeComment ? `: "${match.disputeComment}"` : ''}. De wedstrijdleider beslist; zijn beslissing maakt de uitslag definitief.`,
      link: `${page}/uitslag`,
      supervisorLink: `/wedstrijdleider/${match.id}`,
      dueAt: match.disputedAt,
      to: (user) => secretaryOf(match.home.club.id)(user) || supervisor(user),
    });
  }
  if (match.tableDisputedAt) {
    out.push({
      kind: 'MATCH_DISPUTED',
      key: `table-dispute:${match.id}:${match.tableDisputedAt.getTime()}`,
      subject: `Geschil aan tafel: ${match.home.teamName} – ${match.away.teamName}`,
      text: `Aan tafel weigerde een koppel een setstand van ${label} te ondertekenen (Regel 35B). De wedstrijdleider beslist.`,
      link: page,
      supervisorLink: `/wedstrijdleider/${match.id}`,
      dueAt: match.tableDisputedAt,
      to: supervisor,
    });
  }

  // A correction of a locked result (Regel 15): both clubs hear of it, for two weeks.
  if (match.correctedAt && compareDates(zone.today(match.correctedAt), addDays(today, -NEWS_DAYS)) >= 0) {
    out.push({
      kind: 'MATCH_CORRECTED',
      key: `correction:${match.id}:${match.correctedAt.getTime()}`,
      subject: `Uitslag ${match.home.teamName} – ${match.away.teamName} gecorrigeerd`,
      text: `De uitslag van ${label} is ${correctedWords(match)}${match.correctionReason ? `. Reden: ${match.correctionReason}` : ''}.`,
      link: page,
      dueAt: match.correctedAt,
      to: secretaryOf(match.home.club.id, match.away.club.id),
    });
  }
  return out;
}

/** Regel 12B: confirmed (told for two weeks, until due), due within 7 days, overdue. */
function fineCandidates(fine: FineFact, today: IsoDate, zone: Zone): Candidate[] {
  if (fine.status !== 'OPEN') return [];
  const base = { link: '/vereniging/boetes', to: secretaryOf(fine.club.id) };
  const what = fineDescription(fine);
  const due = formatDutchDate(fine.dueOn);
  const out: Candidate[] = [];
  if (compareDates(today, fine.dueOn) > 0) {
    out.push({
      ...base,
      kind: 'FINE_OVERDUE',
      key: `fine-overdue:${fine.id}`,
      subject: `Boete over de betalingstermijn: ${euros(fine.amountCents)}`,
      text: `De boete van ${fine.club.name} (${what}) had uiterlijk ${due} betaald moeten zijn (Regel 12B).`,
      dueAt: zone.instant(addDays(fine.dueOn, 1), MORNING),
    });
    return out;
  }
  if (compareDates(fine.issuedOn, addDays(today, -NEWS_DAYS)) >= 0) {
    out.push({
      ...base,
      kind: 'FINE_CONFIRMED',
      key: `fine-confirmed:${fine.id}`,
      subject: `Boete opgelegd: ${euros(fine.amountCents)}`,
      text: `De bond heeft ${fine.club.name} een boete opgelegd: ${what}. Te betalen uiterlijk ${due} (Regel 12B).`,
      dueAt: zone.instant(fine.issuedOn, '00:00'),
    });
  }
  const soon = addDays(fine.dueOn, -FINE_DUE_SOON_DAYS);
  if (compareDates(today, soon) >= 0) {
    out.push({
      ...base,
      kind: 'FINE_DUE',
      key: `fine-due:${fine.id}`,
      subject: `Boete uiterlijk ${due} betalen`,
      text: `De boete van ${fine.club.name} (${what}) moet uiterlijk ${due} betaald zijn (Regel 12B).`,
      dueAt: zone.instant(soon, MORNING),
    });
  }
  return out;
}

/** Regel 2: a board decision on a transfer, told to both clubs for two weeks. */
function transferCandidates(transfer: TransferFact, today: IsoDate, zone: Zone): Candidate[] {
  if (!transfer.decidedAt || transfer.status === 'REQUESTED') return [];
  if (compareDates(zone.today(transfer.decidedAt), addDays(today, -NEWS_DAYS)) < 0) return [];
  const granted = transfer.status !== 'REFUSED';
  const from = transfer.fromClub ? ` van ${transfer.fromClub.name}` : '';
  return [
    {
      kind: 'TRANSFER_DECIDED',
      key: `transfer:${transfer.id}`,
      subject: `Overschrijving ${transfer.memberName} ${granted ? 'goedgekeurd' : 'afgewezen'}`,
      text: `Het bestuur heeft de overschrijving van ${transfer.memberName}${from} naar ${transfer.toClub.name} ${granted ? 'goedgekeurd' : 'afgewezen'} (Regel 2).`,
      link: '/vereniging/moederlijst',
      dueAt: transfer.decidedAt,
      to: secretaryOf(transfer.toClub.id, transfer.fromClub?.id),
    },
  ];
}

/**
 * Every reminder due at `now`: due (dueAt ≤ now), still relevant, for every recipient who did
 * not switch its kind off. The result depends on the facts and `now` only.
 */
export function dueReminders(facts: ReminderFacts, now: Date, zone: Zone): Reminder[] {
  const today = zone.today(now);
  const candidates = [
    ...facts.memberLists.flatMap((list) => memberListCandidates(list, today, zone)),
    ...facts.matches.flatMap((match) => matchCandidates(match, now, today, zone)),
    ...facts.fines.flatMap((fine) => fineCandidates(fine, today, zone)),
    ...facts.transfers.flatMap((transfer) => transferCandidates(transfer, today, zone)),
  ];
  return candidates
    .filter((c) => c.dueAt.getTime() <= now.getTime())
    .flatMap((c) =>
      facts.users
        .filter((user) => c.to(user) && !user.notificationsOff.includes(c.kind))
        .map((user) => ({
          kind: c.kind,
          userId: user.id,
          dedupKey: `${c.key}:${user.id}`,
          subject: c.subject,
          text: c.text,
          link: user.role === 'SUPERVISOR' && c.supervisorLink ? c.supervisorLink : c.link,
          dueAt: c.dueAt,
        })),
    );
}

// ─────────────────────────── mails ───────────────────────────

export interface StoredReminder {
  kind: string;
  subject: string;
  text: string;
  link: string | null;
  createdAt: Date;
}

const SETTINGS_PATH = '/instellingen/meldingen';

/** A mail's content, rendered to text and HTML by mail/mail-template.ts (renderMail). */
export interface ReminderMailContent {
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after: string[];
}

/** One reminder as its own mail; `url` makes a dashboard path absolute. */
export function reminderMail(reminder: StoredReminder, url: (path: string) => string): ReminderMailContent {
  return {
    subject: reminder.subject,
    paragraphs: [reminder.text],
    ...(reminder.link ? { action: { label: 'Naar de pagina', url: url(reminder.link) } } : {}),
    after: [`Kiezen welke herinneringen u krijgt, of één weekoverzicht in plaats van losse mails: ${url(SETTINGS_PATH)}`],
  };
}

/** The weekly summary: every reminder not mailed yet, oldest first, in one mail. */
export function digestMail(reminders: readonly StoredReminder[], url: (path: string) => string): ReminderMailContent {
  const sorted = [...reminders].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const count = sorted.length === 1 ? '1 herinnering' : `${sorted.length} herinneringen`;
  return {
    subject: `Weekoverzicht TSBN: ${count}`,
    paragraphs: [
      `Uw weekoverzicht van de TSBN competitieadministratie: ${count}.`,
      ...sorted.map((r, i) => [`${i + 1}. ${r.subject}`, r.text, ...(r.link ? [url(r.link)] : [])].join('\n')),
    ],
    action: { label: 'Alles wat nog moet gebeuren', url: url('/te-doen') },
    after: [`U krijgt één overzicht per week. Liever elke herinnering apart, of minder soorten? ${url(SETTINGS_PATH)}`],
  };
}
