/**
 * Season deadlines and player eligibility (RULES.md "Season, member lists and
 * eligibility", Regel 1–4). Pure functions over plain data.
 */
import { addDays, compareDates, formatDutchDate, IsoDate, weekday } from './dates';
import { CompetitionSettings, DEFAULT_SETTINGS } from './settings';

const SATURDAY = 6;
const SUNDAY = 0;

/** Regel 3B: a working day is Monday to Friday; the rule names no holidays. */
function isWorkingDay(date: IsoDate): boolean {
  const day = weekday(date);
  return day !== SATURDAY && day !== SUNDAY;
}

/**
 * Regel 3B: the last day on which a member may be registered to play the match: the
 * Nth working day before the match, counting back from the day before the match.
 * Match Sat 14-11-2026 → Mon 09-11-2026; Fri 13-11-2026 → Fri 06-11-2026.
 */
export function registrationDeadline(
  matchDate: IsoDate,
  workingDays = DEFAULT_SETTINGS.registrationLeadWorkingDays,
): IsoDate {
  if (!Number.isInteger(workingDays) || workingDays < 0) {
    throw new RangeError(`workingDays must be a whole number >= 0, got ${workingDays}`);
  }
  let day = matchDate;
  for (let counted = 0; counted < workingDays; ) {
    day = addDays(day, -1);
    if (isWorkingDay(day)) counted++;
  }
  return day;
}

/**
 * Regel 3B the other way round: the first match date for which a member registered on
 * `registeredOn` is registered in time (the smallest date whose registrationDeadline is on or
 * after the registration). The deadline moves forward with the match date, so the first such
 * date is found by walking forward. Registered Mon 09-11-2026 → from Sat 14-11-2026.
 */
export function firstMatchDateAfterRegistration(
  registeredOn: IsoDate,
  workingDays = DEFAULT_SETTINGS.registrationLeadWorkingDays,
): IsoDate {
  let day = registeredOn;
  while (compareDates(registrationDeadline(day, workingDays), registeredOn) < 0) day = addDays(day, 1);
  return day;
}

/**
 * The first date on or after the match date on which the member may play for the club, if
 * nothing changes (Regel 3B, 4): later than the match when registered too late or suspended
 * until after it; null when already eligible, or when no date comes by waiting (not on this
 * club's list, on another club's list, expelled, suspended without end date).
 */
export function eligibleFrom(input: EligibilityInput): IsoDate | null {
  let date = input.matchDate;
  // Each step moves past one obstacle; a suspension may begin when the registration wait ends.
  for (let step = 0; step < 100; step++) {
    const reasons = checkEligibility({ ...input, matchDate: date }).reasons;
    if (reasons.length === 0) return date === input.matchDate ? null : date;
    let next = date;
    const entry = entryOn(input, date);
    for (const reason of reasons) {
      if (reason.code === 'REGISTERED_TOO_LATE' && entry) {
        next = later(next, firstMatchDateAfterRegistration(entry.registeredOn, input.settings.registrationLeadWorkingDays));
      } else if (reason.code === 'SUSPENDED') {
        const ends = input.sanctions.filter((s) => s.kind === 'SUSPENSION' && isInForce(s, date)).map((s) => s.endsOn);
        if (ends.some((end) => end === null)) return null;
        for (const end of ends) next = later(next, addDays(end!, 1));
      } else {
        return null;
      }
    }
    if (next === date) return null;
    date = next;
  }
  return null;
}

const later = (a: IsoDate, b: IsoDate): IsoDate => (compareDates(a, b) >= 0 ? a : b);

/** Regel 1: the member list is due this day (inclusive). */
export function memberListDeadline(
  seasonStartsOn: IsoDate,
  settings: Pick<CompetitionSettings, 'memberListDeadlineDays'>,
): IsoDate {
  return addDays(seasonStartsOn, -settings.memberListDeadlineDays);
}

/**
 * Regel 1: a list is late when its first submission came after the deadline.
 * A list never submitted (null) is not "late" but missing; callers show that separately.
 */
export function isListLate(
  firstSubmittedAt: IsoDate | null,
  seasonStartsOn: IsoDate,
  settings: Pick<CompetitionSettings, 'memberListDeadlineDays'>,
): boolean {
  if (firstSubmittedAt === null) return false;
  return compareDates(firstSubmittedAt, memberListDeadline(seasonStartsOn, settings)) > 0;
}

export interface SeasonPeriod {
  competitionStartsOn: IsoDate;
  endsOn: IsoDate;
}

/** Regel 2: no transfers from N days before the competition start until the season end, both inclusive. */
export function transferFreezePeriod(
  season: SeasonPeriod,
  settings: Pick<CompetitionSettings, 'transferFreezeDays'>,
): { from: IsoDate; until: IsoDate } {
  return { from: addDays(season.competitionStartsOn, -settings.transferFreezeDays), until: season.endsOn };
}

export function isInTransferFreeze(
  date: IsoDate,
  season: SeasonPeriod,
  settings: Pick<CompetitionSettings, 'transferFreezeDays'>,
): boolean {
  const { from, until } = transferFreezePeriod(season, settings);
  return isWithin(date, from, until);
}

export type SanctionKind = 'SUSPENSION' | 'EXPULSION';

export interface Sanction {
  kind: SanctionKind;
  startsOn: IsoDate;
  /** Last day of a suspension (inclusive); null = open-ended. Ignored for an expulsion. */
  endsOn: IsoDate | null;
}

/** The member's entry on a member list this season, whichever club's list it is. */
export interface MemberListEntry {
  clubId: string;
  /** Only used to name the other club in a message. */
  clubName?: string;
  registeredOn: IsoDate;
  /** The day the entry was taken off the list; from that day on the member is not on it. */
  removedAt?: IsoDate | null;
}

export interface EligibilityInput {
  /** The club of the team that wants to field the member. */
  clubId: string;
  matchDate: IsoDate;
  settings: Pick<CompetitionSettings, 'registrationLeadWorkingDays'>;
  /** The member's entry this season as it stands now. */
  entry: MemberListEntry | null;
  /**
   * Registrations of the member this season that ended before the entry got its present
   * form (taken off and added again, moved by a transfer), each with the day it ended as
   * `removedAt`.
   */
  earlierEntries?: readonly MemberListEntry[];
  sanctions: readonly Sanction[];
}

/**
 * The registration that held on the match date: an earlier one that ran over that day (from
 * its registration up to the day it ended) when there is one, or else the entry as it stands.
 * A match played while the member was on the old club's list is judged by that list, even
 * after they were taken off and added again (registered anew) or transferred.
 */
export function entryOn(input: Pick<EligibilityInput, 'entry' | 'earlierEntries'>, matchDate: IsoDate): MemberListEntry | null {
  const held = (input.earlierEntries ?? []).find(
    (period) => compareDates(period.registeredOn, matchDate) <= 0 && period.removedAt && compareDates(matchDate, period.removedAt) < 0,
  );
  return held ?? input.entry;
}

export type IneligibilityCode =
  | 'NOT_ON_LIST'
  | 'ON_OTHER_CLUB_LIST'
  | 'REGISTERED_TOO_LATE'
  | 'SUSPENDED'
  | 'EXPELLED';

export interface IneligibilityReason {
  code: IneligibilityCode;
  /** Dutch, for the club secretary. */
  message: string;
}

export interface EligibilityResult {
  eligible: boolean;
  reasons: IneligibilityReason[];
}

/** Regel 4 (with 2 and 3B): may this member be fielded for this club on this date? Returns every reason why not. */
export function checkEligibility(input: EligibilityInput): EligibilityResult {
  const reasons = [...listReasons(input), ...input.sanctions.flatMap((s) => sanctionReasons(s, input.matchDate))];
  return { eligible: reasons.length === 0, reasons };
}

function listReasons(input: EligibilityInput): IneligibilityReason[] {
  const { clubId, matchDate, settings } = input;
  const entry = entryOn(input, matchDate);
  const removed = entry?.removedAt && compareDates(entry.removedAt, matchDate) <= 0 ? entry.removedAt : null;
  if (entry === null || (removed && entry.clubId !== clubId)) {
    return [{ code: 'NOT_ON_LIST', message: 'Staat niet op de moederlijst van deze vereniging voor dit seizoen (Regel 4)' }];
  }
  if (removed) {
    return [{ code: 'NOT_ON_LIST', message: `Op ${formatDutchDate(removed)} van de moederlijst van deze vereniging afgevoerd (Regel 4)` }];
  }
  if (entry.clubId !== clubId) {
    return [{ code: 'ON_OTHER_CLUB_LIST', message: `Staat op de moederlijst van ${otherClub(entry)}, niet op die van deze vereniging (Regel 2 en 4)` }];
  }
  const deadline = registrationDeadline(matchDate, settings.registrationLeadWorkingDays);
  if (compareDates(entry.registeredOn, deadline) > 0) {
    return [{
      code: 'REGISTERED_TOO_LATE',
      message:
        `Ingeschreven op ${formatDutchDate(entry.registeredOn)}; voor de wedstrijd van ${formatDutchDate(matchDate)} ` +
        `uiterlijk ${formatDutchDate(deadline)} (${settings.registrationLeadWorkingDays} werkdagen ervoor, Regel 3B)`,
    }];
  }
  return [];
}

function sanctionReasons(sanction: Sanction, date: IsoDate): IneligibilityReason[] {
  if (!isInForce(sanction, date)) return [];
  return [{ code: sanction.kind === 'EXPULSION' ? 'EXPELLED' : 'SUSPENDED', message: `${describeSanction(sanction)} (Regel 4)` }];
}

/** Regel 4: an expulsion holds from its first day on; a suspension from its first to its last day. */
function isInForce(sanction: Sanction, date: IsoDate): boolean {
  return isWithin(date, sanction.startsOn, sanction.kind === 'EXPULSION' ? null : sanction.endsOn);
}

/** "Geroyeerd sinds 01-10-2026", "Geschorst van 01-10-2026 tot en met 31-10-2026". */
export function describeSanction(sanction: Sanction): string {
  const from = formatDutchDate(sanction.startsOn);
  if (sanction.kind === 'EXPULSION') return `Geroyeerd sinds ${from}`;
  return sanction.endsOn === null
    ? `Geschorst sinds ${from}, zonder einddatum`
    : `Geschorst van ${from} tot en met ${formatDutchDate(sanction.endsOn)}`;
}

export type MemberStatus = 'ACTIVE' | 'SUSPENDED' | 'EXPELLED';

/** A member's status on a date (Regel 4): an expulsion outweighs a suspension. */
export function memberStatus(sanctions: readonly Sanction[], date: IsoDate): MemberStatus {
  const inForce = sanctions.filter((sanction) => isInForce(sanction, date));
  if (inForce.some((sanction) => sanction.kind === 'EXPULSION')) return 'EXPELLED';
  return inForce.length > 0 ? 'SUSPENDED' : 'ACTIVE';
}

export interface SeasonWithSettings extends SeasonPeriod {
  id: string;
  startsOn: IsoDate;
  settings: Pick<CompetitionSettings, 'transferFreezeDays'>;
}

export interface TransferTiming<S extends SeasonWithSettings = SeasonWithSettings> {
  /** The season whose transfer freeze holds on the date (Regel 2), if any. */
  frozenIn: S | null;
  /**
   * Outside the freeze a transfer takes effect at once for this season (null: not created yet).
   * RULES.md, Regel 2 (revised decision): the window between seasons runs until the freeze, so
   * this is the earliest season whose freeze has not begun on the date — the running season
   * while its competition has not started (and its freeze not begun), otherwise the next one —
   * skipping a season in which the member already played for the old club.
   */
  takesEffectIn: S | null;
}

/**
 * Regel 2: may a member change clubs on this date, and for which season? `playedForOldClubIn`:
 * the seasons in which the member played a match for the club they leave; in such a season the
 * transfer cannot take effect (Decision: it then takes effect for the season after it).
 */
export function transferTiming<S extends SeasonWithSettings>(
  date: IsoDate,
  seasons: readonly S[],
  playedForOldClubIn: ReadonlySet<string> = new Set(),
): TransferTiming<S> {
  const frozenIn = seasons.find((season) => isInTransferFreeze(date, season, season.settings)) ?? null;
  const open = seasons.filter((season) => compareDates(date, transferFreezePeriod(season, season.settings).from) < 0);
  const byStart = [...open].sort((a, b) => compareDates(a.startsOn, b.startsOn));
  // A season the member played in for the old club is closed to the transfer, and so is every
  // season starting before the end of it: the transfer waits for the season after.
  const blocked = byStart.filter((season) => playedForOldClubIn.has(season.id));
  const lastBlockedEnd = blocked.reduce<IsoDate | null>((end, season) => (end === null || compareDates(season.endsOn, end) > 0 ? season.endsOn : end), null);
  const takesEffectIn = byStart.find((season) => lastBlockedEnd === null || compareDates(season.startsOn, lastBlockedEnd) > 0) ?? null;
  return { frozenIn, takesEffectIn };
}

function otherClub(entry: MemberListEntry): string {
  return entry.clubName ?? 'een andere vereniging';
}

/** from <= date <= until, where until null means "no end". */
function isWithin(date: IsoDate, from: IsoDate, until: IsoDate | null): boolean {
  return compareDates(from, date) <= 0 && (until === null || compareDates(date, until) <= 0);
}
