/**
 * "Te doen" (issue 17): what is still to be done, per role, from the same facts the reminders
 * read. An administrator sees every club's missing member lists, unconfirmed results, disputes,
 * proposed fines and overdue fines; a secretary the same for their own club, plus the line-ups
 * of the coming week and fines due soon; a supervisor the disputes and impossible scores.
 */
import { addDays, compareDates, formatDutchDate, type IsoDate } from './dates';
import { resultPhase } from './match/result-flow';
import { euros, fineDescription, FINE_DUE_SOON_DAYS, matchLabel, type ClubRef, type MatchFact, type ReminderFacts, type Role, type Zone } from './reminders';

export const TODO_KINDS = [
  'BACKUP_OVERDUE',
  'BACKUP_FAILED',
  'RESTORE_DRILL_FAILED',
  'MEMBER_LIST_MISSING',
  'LINEUP_MISSING',
  'RESULT_NOT_ENTERED',
  'RESULT_NOT_CONFIRMED',
  'RESULT_DISPUTED',
  'TABLE_DISPUTE',
  'IMPOSSIBLE_SCORE',
  'MATCH_REMARK',
  'FINE_PROPOSED',
  'FINE_DUE',
  'FINE_OVERDUE',
] as const;
export type TodoKind = (typeof TODO_KINDS)[number];

export interface TodoItem {
  kind: TodoKind;
  /** Dutch, one line. */
  title: string;
  detail: string;
  /** The dashboard path where it is done. */
  link: string;
  club: ClubRef | null;
  /** The day it is about (deadline, match day, due date). */
  date: IsoDate | null;
  /** Late already (deadline passed, overdue, a dispute waiting). */
  urgent: boolean;
  /** For information only: nothing for this viewer to do (a secretary's fine proposal waits for the federation). */
  info?: boolean;
}

export interface Viewer {
  role: Role;
  clubId: string | null;
  /** Who is looking (their own remark is not on their to-do). */
  userId?: string;
}

/** Secretaries see line-ups to compose for matches up to this many days ahead. */
export const LINEUP_TODO_DAYS_AHEAD = 7;

const ORDER: Record<TodoKind, number> = Object.fromEntries(TODO_KINDS.map((kind, i) => [kind, i])) as Record<TodoKind, number>;

/** Issue 25: administrators are warned when the last good backup is older than this. */
export const BACKUP_WARNING_HOURS = 36;

/** The backups' state (backup_runs): null when no backup was ever attempted (nothing to warn about yet). */
export interface BackupFact {
  lastSuccessAt: Date | null;
  /** The last failed attempt after the last good backup, with its reason. */
  lastFailure: { at: Date; error: string | null } | null;
}

/**
 * Administrators only: the last good backup is older than BACKUP_WARNING_HOURS, or attempts
 * failed and none ever succeeded (BACKUP_OVERDUE, with the last failure's reason); or the last
 * attempt failed after a good backup (BACKUP_FAILED, issue 45: a full disk is said at once, not
 * a day and a half later). Without any attempt (a new installation before its first night)
 * there is nothing to say.
 */
export function backupItems(backup: BackupFact | null, viewer: Viewer, now: Date, zone: Zone): TodoItem[] {
  if (viewer.role !== 'ADMIN' || !backup) return [];
  const { lastSuccessAt, lastFailure } = backup;
  const ageHours = lastSuccessAt ? (now.getTime() - lastSuccessAt.getTime()) / 3_600_000 : Infinity;
  if (ageHours <= BACKUP_WARNING_HOURS) {
    if (!lastFailure || !lastSuccessAt) return []; // (lastSuccessAt is set: its age is finite)
    return [
      {
        kind: 'BACKUP_FAILED',
        title: `De laatste back-up is mislukt (${formatDutchDate(zone.today(lastFailure.at))})`,
        detail: `${lastFailure.error ?? 'Onbekende fout.'} De laatste goede back-up is van ${formatDutchDate(zone.today(lastSuccessAt))}. Los de oorzaak op en maak er een met npm run backup; deze melding verdwijnt zodra een back-up lukt.`,
        link: '/beheer',
        club: null,
        date: zone.today(lastFailure.at),
        urgent: true,
      },
    ];
  }
  if (!lastSuccessAt && !lastFailure) return [];
  const why = lastFailure ? ` De laatste poging mislukte: ${lastFailure.error ?? 'onbekende fout'}.` : '';
  return [
    {
      kind: 'BACKUP_OVERDUE',
      title: lastSuccessAt ? `Geen goede back-up sinds ${formatDutchDate(zone.today(lastSuccessAt))} (meer dan ${BACKUP_WARNING_HOURS} uur)` : 'Er is nog geen goede back-up gemaakt',
      detail: `Elke nacht hoort er een back-up te komen.${why} Kijk op de beheerpagina; maak er een met npm run backup.`,
      link: '/beheer',
      club: null,
      date: lastSuccessAt ? zone.today(lastSuccessAt) : null,
      urgent: true,
    },
  ];
}

/** The restore drills' state (restore_drills): the last finished drill; null when none ever ran. */
export interface DrillFact {
  last: { at: Date; failed: boolean; error: string | null; file: string | null };
  lastSuccessAt: Date | null;
}

/**
 * Administrators only (issue 45 item 5): the last weekly restore drill failed, so the newest
 * backup may not come back. Said until a drill succeeds again.
 */
export function drillItems(drill: DrillFact | null, viewer: Viewer, zone: Zone): TodoItem[] {
  if (viewer.role !== 'ADMIN' || !drill?.last.failed) return [];
  const day = zone.today(drill.last.at);
  const before = drill.lastSuccessAt ? `De laatste geslaagde hersteltest was op ${formatDutchDate(zone.today(drill.lastSuccessAt))}.` : 'Er is nog geen hersteltest geslaagd.';
  return [
    {
      kind: 'RESTORE_DRILL_FAILED',
      title: `De laatste hersteltest is mislukt (${formatDutchDate(day)})`,
      detail: `De back-up${drill.last.file ? ` ${drill.last.file}` : ''} kwam niet goed terug: ${drill.last.error ?? 'onbekende fout'} ${before} Zoek de oorzaak en probeer een back-up met npm run restore -- --check; deze melding verdwijnt zodra de wekelijkse hersteltest weer lukt.`,
      link: '/beheer',
      club: null,
      date: day,
      urgent: true,
    },
  ];
}

/** A team leader's remark (Regel 35B) that no supervisor or administrator marked handled yet (match_remarks.handledAt). */
export interface RemarkFact {
  id: string;
  match: Pick<MatchFact, 'id' | 'home' | 'away' | 'date'>;
  /** The team leader's club; null: written by the federation. */
  club: ClubRef | null;
  authorId: string | null;
  text: string;
  createdAt: Date;
}

/** How much of a remark's text a to-do line quotes. */
const REMARK_QUOTE = 140;

/**
 * Issue 47: a team leader's remark is for the supervisor and the federation (RULES.md, Regel
 * 35B): each one not yet handled is on their to-do, until one of them marks it handled on the
 * match page. Nobody is shown their own remark.
 */
export function remarkItems(remarks: readonly RemarkFact[], viewer: Viewer, zone: Zone): TodoItem[] {
  if (viewer.role !== 'ADMIN' && viewer.role !== 'SUPERVISOR') return [];
  return remarks
    .filter((remark) => !viewer.userId || remark.authorId !== viewer.userId)
    .map((remark) => {
      const text = remark.text.trim();
      const quote = text.length > REMARK_QUOTE ? `${text.slice(0, REMARK_QUOTE - 1)}…` : text;
      const page = viewer.role === 'ADMIN' ? `/beheer/wedstrijden/${remark.match.id}` : `/wedstrijdleider/${remark.match.id}`;
      return {
        kind: 'MATCH_REMARK',
        title: `Opmerking van ${remark.club?.name ?? 'de bond'} bij ${remark.match.home.teamName} – ${remark.match.away.teamName} lezen`,
        detail: `${matchLabel(remark.match)}: “${quote}” Markeer hem als afgehandeld op de wedstrijdpagina; hij heropent niets (Regel 35B).`,
        link: `${page}#opmerkingen`,
        club: remark.club,
        date: zone.today(remark.createdAt),
        urgent: false,
      } satisfies TodoItem;
    });
}

export function todoItems(
  facts: Omit<ReminderFacts, 'users'>,
  viewer: Viewer,
  now: Date,
  zone: Zone,
  backup: BackupFact | null = null,
  drill: DrillFact | null = null,
  remarks: readonly RemarkFact[] = [],
): TodoItem[] {
  const today = zone.today(now);
  const admin = viewer.role === 'ADMIN';
  const secretary = viewer.role === 'SECRETARY';
  if (secretary && !viewer.clubId) return [];
  const mine = (...clubs: ClubRef[]) => admin || (secretary && clubs.some((c) => c.id === viewer.clubId));
  const items: TodoItem[] = [...backupItems(backup, viewer, now, zone), ...drillItems(drill, viewer, zone), ...remarkItems(remarks, viewer, zone)];

  if (admin || secretary) {
    for (const list of facts.memberLists) {
      if (list.submitted || !mine(list.club) || compareDates(today, list.seasonEndsOn) > 0) continue;
      const late = compareDates(today, list.deadline) > 0;
      items.push({
        kind: 'MEMBER_LIST_MISSING',
        title: `Moederlijst ${list.seasonName} van ${list.club.name} ontbreekt`,
        detail: late ? `Had uiterlijk ${formatDutchDate(list.deadline)} binnen moeten zijn (Regel 1).` : `In te leveren uiterlijk ${formatDutchDate(list.deadline)} (Regel 1).`,
        link: admin ? `/beheer/moederlijsten/${list.club.id}?seizoen=${list.seasonId}` : '/vereniging/moederlijst',
        club: list.club,
        date: list.deadline,
        urgent: late,
      });
    }
  }

  for (const match of facts.matches) items.push(...matchItems(match, viewer, now, today, mine));

  if (admin || secretary) {
    for (const fine of facts.fines) {
      if (!mine(fine.club)) continue;
      const what = fineDescription(fine);
      const base = { club: fine.club, link: admin ? '/beheer/boetes' : '/vereniging/boetes' };
      if (fine.status === 'PROPOSED') {
        // The federation confirms or discards a proposal: for a secretary it is news, not a task (issue 47).
        items.push({
          ...base,
          kind: 'FINE_PROPOSED',
          title: admin ? `Boetevoorstel voor ${fine.club.name} bevestigen of laten vervallen` : `Boetevoorstel van de bond: ${euros(fine.amountCents)}, nog niet definitief`,
          detail: admin ? what : `${what}. De bond bevestigt het voorstel of laat het vervallen; u hoeft nu niets te doen.`,
          date: fine.issuedOn,
          urgent: false,
          ...(admin ? {} : { info: true }),
        });
      } else if (fine.status === 'OPEN' && compareDates(today, fine.dueOn) > 0) {
        items.push({ ...base, kind: 'FINE_OVERDUE', title: `Boete van ${fine.club.name} over de betalingstermijn`, detail: `${what}. Te betalen uiterlijk ${formatDutchDate(fine.dueOn)} (Regel 12B).`, date: fine.dueOn, urgent: true });
      } else if (secretary && fine.status === 'OPEN' && compareDates(today, addDays(fine.dueOn, -FINE_DUE_SOON_DAYS)) >= 0) {
        items.push({ ...base, kind: 'FINE_DUE', title: `Boete uiterlijk ${formatDutchDate(fine.dueOn)} betalen`, detail: what, date: fine.dueOn, urgent: false });
      }
    }
  }
  // Tasks first (what is late or pressing on top), what is only for information last.
  return items.sort((a, b) => Number(a.info ?? false) - Number(b.info ?? false) || Number(b.urgent) - Number(a.urgent) || ORDER[a.kind] - ORDER[b.kind] || compareDates(a.date ?? '', b.date ?? '') || a.title.localeCompare(b.title, 'nl'));
}

function matchItems(match: MatchFact, viewer: Viewer, now: Date, today: IsoDate, mine: (...clubs: ClubRef[]) => boolean): TodoItem[] {
  const items: TodoItem[] = [];
  const label = matchLabel(match);
  const admin = viewer.role === 'ADMIN';
  const supervisor = viewer.role === 'SUPERVISOR';
  const open = match.status === 'SCHEDULED' || match.status === 'PLAYED';
  const started = now.getTime() >= match.start.getTime();
  const page = admin ? `/beheer/wedstrijden/${match.id}` : supervisor ? `/wedstrijdleider/${match.id}` : `/vereniging/wedstrijden/${match.id}`;
  const base = { date: match.date };
  const phase = resultPhase({ resultState: match.resultState, homeSigned: match.homeSigned, disputed: match.disputedAt !== null });

  if (viewer.role === 'SECRETARY' && open && match.resultState === 'NONE' && !started && compareDates(match.date, addDays(today, LINEUP_TODO_DAYS_AHEAD)) <= 0) {
    for (const side of ['home', 'away'] as const) {
      const team = match[side];
      if (team.club.id !== viewer.clubId || (side === 'home' ? match.homeLineup : match.awayLineup)) continue;
      items.push({
        ...base,
        kind: 'LINEUP_MISSING',
        title: `Spelerslijst ${team.teamName} samenstellen`,
        detail: `${label}, aanvang ${match.startTime}. Zonder spelerslijst voor aanvang volgt een boete (Regel 5D).`,
        link: `${page}/spelerslijst`,
        club: team.club,
        urgent: match.start.getTime() - now.getTime() <= 24 * 3_600_000,
      });
    }
  }

  // On paper only: a match played at the tables is signed there and becomes final by itself (nobody is asked to sign or confirm it).
  const paper = !match.atTables;
  if (!supervisor && open && paper && started && (phase === 'NONE' || phase === 'IN_PROGRESS') && mine(match.home.club)) {
    items.push({
      ...base,
      kind: 'RESULT_NOT_ENTERED',
      title: admin ? `Uitslag ${match.home.teamName} – ${match.away.teamName} niet ingevoerd` : `Uitslag ${match.home.teamName} – ${match.away.teamName} invoeren en ondertekenen`,
      detail: `${label}: ${phase === 'NONE' ? 'nog niets ingevoerd' : 'ingevoerd, nog niet ondertekend door de thuisploeg'}.`,
      link: admin ? page : `${page}/uitslag`,
      club: match.home.club,
      urgent: compareDates(today, match.date) > 0,
    });
  }
  if (!supervisor && open && paper && phase === 'SIGNED_BY_HOME' && mine(match.away.club)) {
    items.push({
      ...base,
      kind: 'RESULT_NOT_CONFIRMED',
      title: admin ? `Uitslag ${match.home.teamName} – ${match.away.teamName} niet bevestigd` : `Uitslag ${match.home.teamName} – ${match.away.teamName} controleren`,
      detail: `${label}: ${match.finality ?? `ondertekend door ${match.home.teamName}`}. Klopt hij, dan hoeft ${match.away.teamName} niets te doen; anders "Niet akkoord".`,
      link: page,
      club: match.away.club,
      urgent: compareDates(today, match.date) > 0,
    });
  }
  if (phase === 'DISPUTED' && (supervisor || mine(match.home.club, match.away.club))) {
    const homeSecretary = viewer.role === 'SECRETARY' && viewer.clubId === match.home.club.id;
    items.push({
      ...base,
      kind: 'RESULT_DISPUTED',
      title: `Uitslag ${match.home.teamName} – ${match.away.teamName} betwist`,
      detail: `${label}: ${match.away.teamName} ging niet akkoord${match.disputeComment ? ` ("${match.disputeComment}")` : ''}. ${homeSecretary ? 'Pas de uitslag aan en onderteken opnieuw.' : 'De thuisploeg past hem aan; komen de teams er niet uit, dan beslist de wedstrijdleider.'}`,
      link: homeSecretary ? `${page}/uitslag` : page,
      club: match.home.club,
      urgent: true,
    });
  }
  if (supervisor && match.tableDisputedAt) {
    items.push({ ...base, kind: 'TABLE_DISPUTE', title: `Geschil aan tafel: ${match.home.teamName} – ${match.away.teamName}`, detail: `${label}: een koppel weigerde een setstand te ondertekenen (Regel 35B).`, link: page, club: match.home.club, urgent: true });
  }
  if (supervisor && match.impossibleSets > 0) {
    items.push({
      ...base,
      kind: 'IMPOSSIBLE_SCORE',
      title: `Onmogelijke stand: ${match.home.teamName} – ${match.away.teamName}`,
      detail: `${label}: ${match.impossibleSets === 1 ? '1 set heeft' : `${match.impossibleSets} sets hebben`} een stand die niet kan (Regel 15: alleen de wedstrijdleider corrigeert).`,
      link: page,
      club: match.home.club,
      urgent: true,
    });
  }
  return items;
}
