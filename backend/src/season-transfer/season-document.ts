/**
 * Reads a season document (docs/guide.md, "Stand en seizoensbestanden") as a whole: every problem
 * is listed with its path (`matches[12].home`) and a Dutch message, and only a document
 * without problems yields an import plan, with names resolved to indexes, set rows on the
 * table plan and the totals of every match. Nothing here touches the database.
 */
import { BadRequestException } from '@nestjs/common';
import type { ErrorDetail } from '../common/errors';
import { createValidationPipe } from '../common/validation';
import { isIsoDate } from '../domain/dates';
import { averageBefore, EarlierMatch, matchTotals, notPlayedOutcome, SetResult, tablePlan, validateSetScore } from '../domain/match';
import type { ForfeitCause } from '../domain/match/not-played';
import { CompetitionSettings, DEFAULT_SETTINGS } from '../domain/settings';
import { FORBIDDEN_CHARACTERS_MESSAGE, hasForbiddenCharacters } from '../domain/text';
import { SettingsInputDto } from '../seasons/season.dto';

export const DOCUMENT_VERSION = 1;
const DOCUMENT_STATUSES = ['SCHEDULED', 'PLAYED', 'FORFEIT', 'NOT_PLAYED', 'CANCELLED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export type DocumentSide = 'home' | 'away';
/** FORFEIT: the side that loses, or 'both' (both teams incomplete: each a Regel 7 case). */
export type ForfeitedBy = DocumentSide | 'both';

export interface PlannedSet extends SetResult {
  source: 'TOTALS' | 'FORFEIT';
}

export interface PlannedMatch {
  divisionIndex: number;
  round: number;
  date: string;
  startTime: string;
  homeIndex: number;
  awayIndex: number;
  status: DocumentStatus;
  homePoints: number | null;
  awayPoints: number | null;
  sets: PlannedSet[];
  forfeitedBy: ForfeitedBy | null;
  /** Regel 7 / 9A, as recorded (null: the document does not say). */
  forfeitCause: ForfeitCause | null;
  homeIneligible: boolean;
  awayIneligible: boolean;
  /** Regel 11 (PLAYED): sides that played with fewer pairs than pairsPerTeam from set 1. */
  incomplete: DocumentSide[];
  /** Regel 11 (PLAYED): sides whose whole team was late (te laat aanwezig). */
  late: DocumentSide[];
}

export interface ImportPlan {
  season: { name: string; startsOn: string; competitionStartsOn: string; endsOn: string; settings: Partial<CompetitionSettings> };
  divisions: { name: string; level: number; teams: { name: string; club: string; withdrawn: boolean }[] }[];
  matches: PlannedMatch[];
  deductions: { divisionIndex: number; teamIndex: number; points: number; rule: string; reason: string; matchIndex: number | null }[];
  playoffs: { divisionIndex: number; winnerIndex: number; loserIndex: number; date: string }[];
  clubs: string[];
}

export type ParseResult = { ok: true; plan: ImportPlan } | { ok: false; problems: ErrorDetail[] };

const LIMITS = { divisions: 50, teams: 40, matches: 20_000, deductions: 2_000, playoffs: 200, round: 1_000 };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown, min = 0, max = Number.MAX_SAFE_INTEGER): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** Collects problems while the document is read; each reader returns undefined when its value is unusable. */
class Reader {
  readonly problems: ErrorDetail[] = [];

  add(field: string, message: string): undefined {
    this.problems.push({ field, message });
    return undefined;
  }

  object(path: string, value: unknown, allowed: readonly string[]): Json | undefined {
    if (!isObject(value)) return this.add(path, 'Dit moet een object zijn ({ … }).');
    for (const key of Object.keys(value)) if (!allowed.includes(key)) this.add(path ? `${path}.${key}` : key, `Onbekend veld '${key}'.`);
    return value;
  }

  list(path: string, value: unknown, max: number, required = true): unknown[] | undefined {
    if (value === undefined && !required) return [];
    if (value === undefined) return this.add(path, 'Dit veld is verplicht.');
    if (!Array.isArray(value)) return this.add(path, 'Dit moet een lijst zijn ([ … ]).');
    if (value.length > max) return this.add(path, `Deze lijst bevat ${value.length} items; het maximum is ${max}.`);
    return value;
  }

  text(path: string, value: unknown, min: number, max: number): string | undefined {
    if (value === undefined || value === null || value === '') return this.add(path, 'Dit veld is verplicht.');
    if (typeof value !== 'string') return this.add(path, 'Vul hier tekst in.');
    const trimmed = value.trim();
    if (trimmed.length < min) return this.add(path, 'Dit is te kort.');
    if (trimmed.length > max) return this.add(path, 'Dit is te lang.');
    // Names are stored and shown as written: no control characters or direction overrides
    // (a reason may have line breaks).
    if (hasForbiddenCharacters(trimmed, { lineBreaks: path.endsWith('.reason') })) return this.add(path, FORBIDDEN_CHARACTERS_MESSAGE);
    return trimmed;
  }

  date(path: string, value: unknown): string | undefined {
    if (typeof value === 'string' && isIsoDate(value)) return value;
    return this.add(path, 'Vul een bestaande datum in (JJJJ-MM-DD).');
  }

  count(path: string, value: unknown, min: number, max: number): number | undefined {
    if (isCount(value, min, max)) return value;
    return this.add(path, `Vul een geheel getal van ${min} tot en met ${max} in.`);
  }

  /** [home, away]: two whole numbers of 0 or more. */
  pair(path: string, value: unknown): [number, number] | undefined {
    if (Array.isArray(value) && value.length === 2 && value.every((v) => isCount(v, 0, 100_000))) return [value[0], value[1]];
    return this.add(path, 'Dit moet [thuis, uit] zijn: twee hele getallen van 0 of meer.');
  }
}

/** Validates the settings with the same rules and Dutch messages as PATCH /api/seasons/{id}. */
async function readSettings(reader: Reader, value: unknown): Promise<Partial<CompetitionSettings>> {
  if (value === undefined) return {};
  if (!isObject(value)) return reader.add('season.settings', 'Dit moet een object zijn ({ … }).') ?? {};
  try {
    const dto = (await createValidationPipe().transform(value, { type: 'body', metatype: SettingsInputDto })) as SettingsInputDto;
    return Object.fromEntries(Object.entries(dto).filter(([, v]) => v !== undefined)) as Partial<CompetitionSettings>;
  } catch (error) {
    const details = ((error as BadRequestException).getResponse() as { details?: ErrorDetail[] }).details ?? [];
    for (const detail of details) reader.add(`season.settings.${detail.field}`, detail.message);
    return {};
  }
}

function readSeason(reader: Reader, value: unknown) {
  const season = reader.object('season', value, ['name', 'startsOn', 'competitionStartsOn', 'endsOn', 'settings']);
  if (!season) return undefined;
  const name = reader.text('season.name', season.name, 2, 100);
  const startsOn = reader.date('season.startsOn', season.startsOn);
  const competitionStartsOn = reader.date('season.competitionStartsOn', season.competitionStartsOn);
  const endsOn = reader.date('season.endsOn', season.endsOn);
  if (!name || !startsOn || !competitionStartsOn || !endsOn) return undefined;
  if (competitionStartsOn < startsOn) reader.add('season.competitionStartsOn', 'De competitie kan niet vóór het begin van het seizoen starten.');
  if (endsOn <= competitionStartsOn) reader.add('season.endsOn', 'Het seizoen moet na de start van de competitie eindigen.');
  return { name, startsOn, competitionStartsOn, endsOn };
}

interface DivisionIndex {
  byName: Map<string, number>;
  teams: Map<string, number>[];
}

function readDivisions(reader: Reader, value: unknown): { divisions: ImportPlan['divisions']; index: DivisionIndex } {
  const divisions: ImportPlan['divisions'] = [];
  const index: DivisionIndex = { byName: new Map(), teams: [] };
  (reader.list('divisions', value, LIMITS.divisions) ?? []).forEach((raw, d) => {
    const path = `divisions[${d}]`;
    const division = reader.object(path, raw, ['name', 'level', 'teams']);
    if (!division) return;
    const name = reader.text(`${path}.name`, division.name, 1, 100);
    const level = division.level === undefined ? 1 : reader.count(`${path}.level`, division.level, 1, 20);
    if (name && index.byName.has(name)) reader.add(`${path}.name`, `De poule '${name}' staat twee keer in het bestand.`);
    const teams: ImportPlan['divisions'][number]['teams'] = [];
    const teamIndex = new Map<string, number>();
    (reader.list(`${path}.teams`, division.teams, LIMITS.teams) ?? []).forEach((rawTeam, t) => {
      const teamPath = `${path}.teams[${t}]`;
      const team = reader.object(teamPath, rawTeam, ['name', 'club', 'withdrawn']);
      if (!team) return;
      const teamName = reader.text(`${teamPath}.name`, team.name, 1, 100);
      const club = reader.text(`${teamPath}.club`, team.club, 2, 120);
      if (team.withdrawn !== undefined && typeof team.withdrawn !== 'boolean') reader.add(`${teamPath}.withdrawn`, 'Kies true of false.');
      if (!teamName || !club) return;
      if (teamIndex.has(teamName)) return reader.add(`${teamPath}.name`, `Het team '${teamName}' staat twee keer in deze poule.`);
      teamIndex.set(teamName, teams.length);
      teams.push({ name: teamName, club, withdrawn: team.withdrawn === true });
    });
    if (!name || level === undefined || index.byName.has(name)) return;
    index.byName.set(name, divisions.length);
    index.teams.push(teamIndex);
    divisions.push({ name, level, teams });
  });
  return { divisions, index };
}

/** The division named at `path`, or a problem. */
function divisionAt(reader: Reader, index: DivisionIndex, path: string, value: unknown): number | undefined {
  const name = reader.text(path, value, 1, 100);
  if (name === undefined) return undefined;
  const found = index.byName.get(name);
  return found ?? reader.add(path, `De poule '${name}' staat niet onder divisions.`);
}

function teamAt(reader: Reader, index: DivisionIndex, divisionIndex: number | undefined, path: string, value: unknown): number | undefined {
  const name = reader.text(path, value, 1, 100);
  if (name === undefined || divisionIndex === undefined) return undefined;
  const found = index.teams[divisionIndex].get(name);
  return found ?? reader.add(path, `Het team '${name}' speelt niet in deze poule.`);
}

const SIDE_VALUES: readonly DocumentSide[] = ['home', 'away'];
const MATCH_FIELDS = ['division', 'round', 'date', 'startTime', 'home', 'away', 'status', 'sets', 'score', 'forfeitedBy', 'forfeitCause', 'ineligible', 'incomplete', 'late'];
const FORFEIT_CAUSE_VALUES: readonly ForfeitCause[] = ['TOO_FEW_PAIRS', 'LATE_CANCELLATION', 'OTHER'];

interface SeasonDates {
  startsOn: string;
  endsOn: string;
}

/** Which of sets, score and forfeitedBy each status allows (RULES.md "Matches that are not played"). */
function checkStatusFields(reader: Reader, path: string, status: DocumentStatus, raw: Json): void {
  const has = (key: string) => raw[key] !== undefined;
  const forbid = (key: string, why: string) => has(key) && reader.add(`${path}.${key}`, why);
  if (status !== 'PLAYED') {
    forbid('incomplete', 'Alleen bij PLAYED; een team met te weinig koppels om te beginnen is FORFEIT met TOO_FEW_PAIRS (Regel 7).');
    forbid('late', 'Alleen bij PLAYED (Regel 11: het hele team te laat aanwezig).');
  }
  switch (status) {
    case 'PLAYED':
      if (!has('sets') && !has('score')) reader.add(`${path}.sets`, 'Een gespeelde wedstrijd heeft sets of een score.');
      forbid('forfeitedBy', 'Alleen bij FORFEIT.');
      forbid('forfeitCause', 'Alleen bij FORFEIT.');
      break;
    case 'FORFEIT':
      if (!has('forfeitedBy')) reader.add(`${path}.forfeitedBy`, "Geef aan welk team reglementair verliest: 'home', 'away' of 'both' (beide onvolledig).");
      forbid('ineligible', 'Alleen bij PLAYED.');
      if (raw.forfeitedBy === 'both') {
        forbid('score', 'Beide teams onvolledig: geen punten voor beide, dus geen score.');
        forbid('sets', 'Beide teams onvolledig: geen punten voor beide, dus geen sets.');
        if (has('forfeitCause') && raw.forfeitCause !== 'TOO_FEW_PAIRS') reader.add(`${path}.forfeitCause`, 'Beide teams onvolledig is altijd TOO_FEW_PAIRS (Regel 7).');
      }
      break;
    case 'NOT_PLAYED':
    case 'SCHEDULED':
      for (const key of ['sets', 'score']) {
        forbid(key, status === 'SCHEDULED' ? 'Een wedstrijd zonder uitslag heeft geen score.' : 'Een niet gespeelde wedstrijd (Regel 6) telt nergens en heeft geen score.');
      }
      forbid('forfeitedBy', 'Alleen bij FORFEIT.');
      forbid('forfeitCause', 'Alleen bij FORFEIT.');
      forbid('ineligible', 'Alleen bij PLAYED.');
      break;
    case 'CANCELLED':
      forbid('sets', 'Een afgelaste wedstrijd (Regel 8) heeft geen sets; geef eventueel de score.');
      forbid('forfeitedBy', 'Alleen bij FORFEIT.');
      forbid('forfeitCause', 'Alleen bij FORFEIT.');
      forbid('ineligible', 'Alleen bij PLAYED.');
      break;
  }
}

function readSets(reader: Reader, path: string, value: unknown, settings: CompetitionSettings): PlannedSet[] | undefined {
  const plan = tablePlan(settings.pairsPerTeam);
  const list = reader.list(path, value, plan.length);
  if (!list) return undefined;
  if (list.length !== plan.length) {
    return reader.add(path, `Er zijn ${list.length} sets opgegeven; een wedstrijd heeft er ${plan.length} (${settings.pairsPerTeam} sets aan ${settings.pairsPerTeam} tafels).`);
  }
  let valid = true;
  const sets = plan.map((seat, k) => {
    const score = reader.pair(`${path}[${k}]`, list[k]);
    const problem = score && validateSetScore(seat.setNumber, seat.tableNumber, score[0], score[1], settings.gamesPerSet);
    if (problem) reader.add(`${path}[${k}]`, `${problem}.`);
    if (!score || problem) valid = false;
    return { ...seat, homePoints: score?.[0] ?? 0, awayPoints: score?.[1] ?? 0, source: 'TOTALS' as const };
  });
  return valid ? sets : undefined;
}

function readForfeitedBy(reader: Reader, path: string, value: unknown): ForfeitedBy | undefined {
  if (value === 'both') return 'both';
  if (SIDE_VALUES.includes(value as DocumentSide)) return value as DocumentSide;
  return reader.add(path, "Kies 'home', 'away' of 'both' (beide teams onvolledig).");
}

/** A list of sides ('home', 'away'), each at most once. */
function readSides(reader: Reader, path: string, value: unknown): DocumentSide[] | undefined {
  if (value === undefined) return [];
  const list = reader.list(path, value, 2);
  if (!list) return undefined;
  const sides = list.map((side, i) => readSide(reader, `${path}[${i}]`, side));
  if (sides.some((side) => side === undefined)) return undefined;
  if (new Set(sides).size !== sides.length) return reader.add(path, 'Noem elke kant hoogstens één keer.');
  return sides as DocumentSide[];
}

function readSide(reader: Reader, path: string, value: unknown): DocumentSide | undefined {
  if (SIDE_VALUES.includes(value as DocumentSide)) return value as DocumentSide;
  return reader.add(path, "Kies 'home' of 'away'.");
}

function readForfeitCause(reader: Reader, path: string, value: unknown): ForfeitCause | undefined {
  if (FORFEIT_CAUSE_VALUES.includes(value as ForfeitCause)) return value as ForfeitCause;
  return reader.add(path, `Kies een van: ${FORFEIT_CAUSE_VALUES.join(', ')} (Regel 7: te weinig koppels of te laat afgezegd; Regel 9A: iets anders).`);
}

function readMatch(reader: Reader, index: DivisionIndex, path: string, raw: unknown, settings: CompetitionSettings, dates?: SeasonDates): PlannedMatch | undefined {
  const match = reader.object(path, raw, MATCH_FIELDS);
  if (!match) return undefined;
  const divisionIndex = divisionAt(reader, index, `${path}.division`, match.division);
  const round = reader.count(`${path}.round`, match.round, 1, LIMITS.round);
  const date = reader.date(`${path}.date`, match.date);
  if (date && dates && (date < dates.startsOn || date > dates.endsOn)) {
    reader.add(`${path}.date`, `${date} valt buiten het seizoen (${dates.startsOn} tot en met ${dates.endsOn}).`);
  }
  let startTime = '20:00';
  if (match.startTime !== undefined) {
    if (typeof match.startTime === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(match.startTime)) startTime = match.startTime;
    else reader.add(`${path}.startTime`, 'Vul een tijd in als UU:MM, bijvoorbeeld 20:00.');
  }
  const homeIndex = teamAt(reader, index, divisionIndex, `${path}.home`, match.home);
  const awayIndex = teamAt(reader, index, divisionIndex, `${path}.away`, match.away);
  if (homeIndex !== undefined && homeIndex === awayIndex) reader.add(`${path}.away`, 'Een team kan niet tegen zichzelf spelen.');
  const status = DOCUMENT_STATUSES.includes(match.status as DocumentStatus) ? (match.status as DocumentStatus) : undefined;
  if (!status) reader.add(`${path}.status`, `Kies een van: ${DOCUMENT_STATUSES.join(', ')}.`);
  else checkStatusFields(reader, path, status, match);

  const sets = match.sets === undefined ? [] : readSets(reader, `${path}.sets`, match.sets, settings);
  const score = match.score === undefined ? null : reader.pair(`${path}.score`, match.score);
  const forfeitedBy = match.forfeitedBy === undefined ? null : readForfeitedBy(reader, `${path}.forfeitedBy`, match.forfeitedBy);
  const incomplete = readSides(reader, `${path}.incomplete`, match.incomplete);
  const late = readSides(reader, `${path}.late`, match.late);
  // Regel 11 counts a team once per match: incomplete or late.
  const both = (incomplete ?? []).filter((side) => late?.includes(side));
  if (both.length) reader.add(`${path}.late`, `Een team telt per wedstrijd één keer voor Regel 11: '${both[0]}' staat al onder incomplete.`);
  const forfeitCause = match.forfeitCause === undefined ? null : readForfeitCause(reader, `${path}.forfeitCause`, match.forfeitCause);
  const ineligible = match.ineligible === undefined ? [] : reader.list(`${path}.ineligible`, match.ineligible, 2);
  ineligible?.forEach((side, i) => readSide(reader, `${path}.ineligible[${i}]`, side));
  if (sets?.length && score) {
    const totals = matchTotals(sets);
    if (totals.homePoints !== score[0] || totals.awayPoints !== score[1]) {
      reader.add(`${path}.score`, `De score ${score[0]}–${score[1]} is niet de som van de sets (${totals.homePoints}–${totals.awayPoints}).`);
    }
  }
  if (divisionIndex === undefined || round === undefined || !date || homeIndex === undefined || awayIndex === undefined || !status) return undefined;
  if (!sets || score === undefined || forfeitedBy === undefined || forfeitCause === undefined || !ineligible || !incomplete || !late) return undefined;
  const totals = sets.length ? matchTotals(sets) : score ? { homePoints: score[0], awayPoints: score[1] } : null;
  return {
    divisionIndex,
    round,
    date,
    startTime,
    homeIndex,
    awayIndex,
    status,
    homePoints: totals?.homePoints ?? null,
    awayPoints: totals?.awayPoints ?? null,
    sets,
    forfeitedBy,
    forfeitCause,
    homeIneligible: ineligible.includes('home'),
    awayIneligible: ineligible.includes('away'),
    incomplete,
    late,
  };
}

/** A team plays at most once per round (and the database keeps one match per home team per round). */
function checkOncePerRound(reader: Reader, matches: (PlannedMatch | undefined)[], divisions: ImportPlan['divisions']): void {
  const seen = new Map<string, number>();
  matches.forEach((match, i) => {
    if (!match) return;
    for (const teamIndex of [match.homeIndex, match.awayIndex]) {
      const key = `${match.divisionIndex}/${match.round}/${teamIndex}`;
      const earlier = seen.get(key);
      if (earlier === undefined) seen.set(key, i);
      else {
        const team = divisions[match.divisionIndex].teams[teamIndex].name;
        reader.add(`matches[${i}]`, `${team} speelt in ronde ${match.round} al in matches[${earlier}].`);
      }
    }
  });
}

/**
 * Fills in what the rules give when the document leaves it out: a forfeit without score
 * gets every set credited (Regel 7, 288–0 with the defaults), a cancelled match without
 * score each team's average over its earlier matches in the document (Regel 8).
 */
function completeScores(matches: PlannedMatch[], settings: CompetitionSettings): void {
  for (const match of matches) {
    if (match.status !== 'FORFEIT' || match.homePoints !== null) continue;
    const outcome = notPlayedOutcome(
      match.forfeitedBy === 'both'
        ? { kind: 'BOTH_INCOMPLETE' }
        : { kind: 'FORFEIT', offendingSide: match.forfeitedBy === 'home' ? 'HOME' : 'AWAY', cause: match.forfeitCause ?? 'OTHER' },
      settings,
    );
    match.sets = outcome.sets.map((set) => ({ ...set, source: 'FORFEIT' }));
    match.homePoints = outcome.homePoints;
    match.awayPoints = outcome.awayPoints;
  }
  // Regel 8: only matches played before the date count (averageBefore), not forfeits.
  const earlier = (cancelled: PlannedMatch, teamIndex: number): EarlierMatch[] =>
    matches
      .filter((m) => m.divisionIndex === cancelled.divisionIndex && (m.homeIndex === teamIndex || m.awayIndex === teamIndex))
      .map((m) => ({ status: m.status, date: m.date, pointsFor: m.homeIndex === teamIndex ? m.homePoints : m.awayPoints }));
  for (const match of matches) {
    if (match.status !== 'CANCELLED' || match.homePoints !== null) continue;
    match.homePoints = averageBefore(earlier(match, match.homeIndex), match.date);
    match.awayPoints = averageBefore(earlier(match, match.awayIndex), match.date);
  }
}

function readDeductions(reader: Reader, value: unknown, index: DivisionIndex, divisions: ImportPlan['divisions'], matches: (PlannedMatch | undefined)[]): ImportPlan['deductions'] {
  return (reader.list('deductions', value, LIMITS.deductions, false) ?? []).flatMap((raw, i) => {
    const path = `deductions[${i}]`;
    const deduction = reader.object(path, raw, ['division', 'team', 'points', 'rule', 'reason', 'round']);
    if (!deduction) return [];
    const points = reader.count(`${path}.points`, deduction.points, 1, 100);
    const rule = reader.text(`${path}.rule`, deduction.rule, 1, 10);
    const reason = reader.text(`${path}.reason`, deduction.reason, 3, 500);
    const round = deduction.round === undefined ? null : reader.count(`${path}.round`, deduction.round, 1, LIMITS.round);
    let divisionIndex: number | undefined;
    let teamIndex: number | undefined;
    if (deduction.division !== undefined) {
      divisionIndex = divisionAt(reader, index, `${path}.division`, deduction.division);
      teamIndex = teamAt(reader, index, divisionIndex, `${path}.team`, deduction.team);
    } else {
      const name = reader.text(`${path}.team`, deduction.team, 1, 100);
      const found = name === undefined ? [] : index.teams.flatMap((teams, d) => (teams.has(name) ? [[d, teams.get(name)!]] : []));
      if (name !== undefined && found.length === 0) reader.add(`${path}.team`, `Het team '${name}' staat in geen enkele poule.`);
      if (found.length > 1) reader.add(`${path}.division`, `Het team '${name}' staat in meer poules; geef de poule op.`);
      if (found.length === 1) [divisionIndex, teamIndex] = found[0];
    }
    if (points === undefined || !rule || !reason || round === undefined || divisionIndex === undefined || teamIndex === undefined) return [];
    let matchIndex: number | null = null;
    if (round !== null) {
      matchIndex = matches.findIndex((m) => m?.divisionIndex === divisionIndex && m.round === round && (m.homeIndex === teamIndex || m.awayIndex === teamIndex));
      if (matchIndex < 0) return reader.add(`${path}.round`, `${divisions[divisionIndex].teams[teamIndex].name} speelt geen wedstrijd in ronde ${round}.`) ?? [];
    }
    return [{ divisionIndex, teamIndex, points, rule, reason, matchIndex }];
  });
}

function readPlayoffs(reader: Reader, value: unknown, index: DivisionIndex): ImportPlan['playoffs'] {
  return (reader.list('playoffs', value, LIMITS.playoffs, false) ?? []).flatMap((raw, i) => {
    const path = `playoffs[${i}]`;
    const playoff = reader.object(path, raw, ['division', 'winner', 'loser', 'date']);
    if (!playoff) return [];
    const divisionIndex = divisionAt(reader, index, `${path}.division`, playoff.division);
    const winnerIndex = teamAt(reader, index, divisionIndex, `${path}.winner`, playoff.winner);
    const loserIndex = teamAt(reader, index, divisionIndex, `${path}.loser`, playoff.loser);
    const date = reader.date(`${path}.date`, playoff.date);
    if (winnerIndex !== undefined && winnerIndex === loserIndex) reader.add(`${path}.loser`, 'Winnaar en verliezer moeten verschillende teams zijn.');
    if (divisionIndex === undefined || winnerIndex === undefined || loserIndex === undefined || !date || winnerIndex === loserIndex) return [];
    return [{ divisionIndex, winnerIndex, loserIndex, date }];
  });
}

/** Reads the whole document; problems everywhere are collected before anything is decided. */
export async function parseSeasonDocument(input: unknown): Promise<ParseResult> {
  const reader = new Reader();
  const root = reader.object('', input, ['version', 'season', 'divisions', 'matches', 'deductions', 'playoffs']);
  if (!root) return { ok: false, problems: [{ field: '', message: 'Het seizoensbestand moet één JSON-object zijn.' }] };
  if (root.version !== undefined && root.version !== DOCUMENT_VERSION) reader.add('version', `Alleen versie ${DOCUMENT_VERSION} van het formaat wordt ondersteund.`);
  const season = readSeason(reader, root.season);
  const rawSettings = isObject(root.season) ? root.season.settings : undefined;
  const settingsInput = await readSettings(reader, rawSettings);
  const settings: CompetitionSettings = { ...DEFAULT_SETTINGS, ...settingsInput };
  const { divisions, index } = readDivisions(reader, root.divisions);
  const dates = season && { startsOn: season.startsOn, endsOn: season.endsOn };
  const matches = (reader.list('matches', root.matches, LIMITS.matches, false) ?? []).map((raw, i) => readMatch(reader, index, `matches[${i}]`, raw, settings, dates));
  checkOncePerRound(reader, matches, divisions);
  const deductions = readDeductions(reader, root.deductions, index, divisions, matches);
  const playoffs = readPlayoffs(reader, root.playoffs, index);
  if (reader.problems.length || !season) return { ok: false, problems: reader.problems };

  const planned = matches as PlannedMatch[];
  completeScores(planned, settings);
  const clubs = [...new Set(divisions.flatMap((d) => d.teams.map((t) => t.club)))];
  return { ok: true, plan: { season: { ...season, settings: settingsInput }, divisions, matches: planned, deductions, playoffs, clubs } };
}
