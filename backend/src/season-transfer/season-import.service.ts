import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { dbDate } from '../common/dto';
import { ErrorDetail, ValidationError } from '../common/errors';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { dueDate } from '../domain/fines/fines';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { todayIso } from '../common/dto';
import { importConsequences, type ImportConsequences } from './import-consequences';
import { ImportMatchRefDto, SeasonImportPreviewDto, SeasonImportResultDto } from './season-document.dto';
import { ImportPlan, parseSeasonDocument, PlannedMatch, PlannedSet } from './season-document';

/** At most this many problems are listed; a file full of mistakes is not echoed back whole. */
const MAX_PROBLEMS = 200;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters. */
const CHUNK = 2_000;

function refuse(problems: ErrorDetail[]): never {
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > MAX_PROBLEMS) shown.push({ field: '', message: `… en nog ${problems.length - MAX_PROBLEMS} problemen.` });
  const count = problems.length === 1 ? '1 probleem' : `${problems.length} problemen`;
  throw new ValidationError(`Het seizoensbestand bevat ${count}; er is niets opgeslagen.`, shown, 'INVALID_SEASON_DOCUMENT');
}

async function createInChunks<T>(rows: T[], create: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await create(rows.slice(i, i + CHUNK));
}

type SetRow = PlannedSet & { matchId: string };

/**
 * The set rows, one INSERT per chunk over column arrays. Prisma's createMany needs about
 * 5 s for the 13,680 sets of a 20-team season; this takes a fraction of a second.
 */
function insertSets(tx: Prisma.TransactionClient, rows: SetRow[]): Promise<number> {
  const column = <K extends keyof SetRow>(key: K) => rows.map((row) => row[key]);
  return tx.$executeRaw`
    INSERT INTO "match_sets" ("id", "matchId", "setNumber", "tableNumber", "homePairNumber", "awayPairNumber", "homePoints", "awayPoints", "source", "updatedAt")
    SELECT gen_random_uuid(), s.*, now()
    FROM unnest(
      ${column('matchId')}::uuid[], ${column('setNumber')}::int[], ${column('tableNumber')}::int[], ${column('homePairNumber')}::int[],
      ${column('awayPairNumber')}::int[], ${column('homePoints')}::int[], ${column('awayPoints')}::int[], ${column('source')}::"SetSource"[]
    ) AS s`;
}

function matchStatusData(match: PlannedMatch, homeTeamId: string, awayTeamId: string) {
  return {
    status: match.status,
    // Decision: an imported result is final history, so it counts at once (CONFIRMED).
    resultState: match.status === 'SCHEDULED' ? ('NONE' as const) : ('CONFIRMED' as const),
    homePoints: match.homePoints,
    awayPoints: match.awayPoints,
    forfeitingTeamId: match.forfeitedBy === 'home' ? homeTeamId : match.forfeitedBy === 'away' ? awayTeamId : null,
    bothForfeited: match.forfeitedBy === 'both',
    forfeitCause: match.status === 'FORFEIT' ? (match.forfeitedBy === 'both' ? 'TOO_FEW_PAIRS' : match.forfeitCause) : null,
    homeIneligible: match.homeIneligible,
    awayIneligible: match.awayIneligible,
  };
}

@Injectable()
export class SeasonImportService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  /** Creates a season from a season document, in one transaction, or stores nothing and lists every problem. */
  async import(document: unknown, user: AuthUser): Promise<SeasonImportResultDto> {
    const plan = await this.plan(document);
    return this.prisma.$transaction((tx) => this.store(tx, plan, importConsequences(plan), user), { timeout: 120_000, maxWait: 10_000 });
  }

  /**
   * What importing the document would create, its fine proposals and Regel 11 occurrences
   * included (RULES.md "Fines": listed before the import is confirmed); stores nothing.
   */
  async preview(document: unknown): Promise<SeasonImportPreviewDto> {
    const plan = await this.plan(document);
    const consequences = importConsequences(plan);
    const existing = await this.prisma.club.findMany({ where: { name: { in: plan.clubs } }, select: { name: true } });
    const known = new Set(existing.map((c) => c.name));
    const ref = (matchIndex: number): ImportMatchRefDto => {
      const m = plan.matches[matchIndex];
      const teams = plan.divisions[m.divisionIndex].teams;
      return { division: plan.divisions[m.divisionIndex].name, round: m.round, date: m.date, home: teams[m.homeIndex].name, away: teams[m.awayIndex].name };
    };
    const teamName = (matchIndex: number, side: 'home' | 'away') => (side === 'home' ? ref(matchIndex).home : ref(matchIndex).away);
    return {
      seasonName: plan.season.name,
      divisions: plan.divisions.length,
      teams: plan.divisions.reduce((n, d) => n + d.teams.length, 0),
      matches: plan.matches.length,
      sets: plan.matches.reduce((n, m) => n + m.sets.length, 0),
      deductions: plan.deductions.length,
      playoffs: plan.playoffs.length,
      clubsToCreate: plan.clubs.filter((c) => !known.has(c)),
      fines: consequences.fines.map((f) => ({
        match: ref(f.matchIndex),
        club: f.club,
        team: teamName(f.matchIndex, f.side),
        rule: f.rule,
        amountCents: f.amountCents,
        reason: f.reason,
        beneficiaryClub: f.beneficiaryClub,
      })),
      occurrences: consequences.occurrences.map((o) => ({ match: ref(o.matchIndex), club: o.club, team: teamName(o.matchIndex, o.side), kind: o.kind, occurrence: o.occurrence })),
    };
  }

  /** The document read as a whole; refused with every problem listed. */
  private async plan(document: unknown): Promise<ImportPlan> {
    const parsed = await parseSeasonDocument(document);
    const problems = parsed.ok ? [] : [...parsed.problems];
    const name = parsed.ok ? parsed.plan.season.name : undefined;
    if (name && (await this.prisma.season.findUnique({ where: { name }, select: { id: true } }))) {
      problems.push({ field: 'season.name', message: `Er bestaat al een seizoen '${name}'. Kies een andere naam.` });
    }
    if (!parsed.ok || problems.length) refuse(problems);
    return parsed.plan;
  }

  private async store(tx: Prisma.TransactionClient, plan: ImportPlan, consequences: ImportConsequences, user: AuthUser): Promise<SeasonImportResultDto> {
    const { season: s } = plan;
    const season = await tx.season.create({
      data: { name: s.name, startsOn: dbDate(s.startsOn), competitionStartsOn: dbDate(s.competitionStartsOn), endsOn: dbDate(s.endsOn), settings: { create: s.settings } },
    });
    const clubs = await this.clubs(tx, plan.clubs);
    const now = new Date();

    const divisionIds = plan.divisions.map(() => randomUUID());
    const teamIds = plan.divisions.map((d) => d.teams.map(() => randomUUID()));
    await tx.division.createMany({ data: plan.divisions.map((d, i) => ({ id: divisionIds[i], seasonId: season.id, name: d.name, level: d.level })) });
    await tx.team.createMany({
      data: plan.divisions.flatMap((d, i) =>
        d.teams.map((t, j) => ({ id: teamIds[i][j], divisionId: divisionIds[i], clubId: clubs.ids.get(t.club)!, name: t.name, archivedAt: t.withdrawn ? now : null })),
      ),
    });

    const matchIds = plan.matches.map(() => randomUUID());
    const team = (m: PlannedMatch, index: number) => teamIds[m.divisionIndex][index];
    await createInChunks(
      plan.matches.map((m, i) => ({
        id: matchIds[i],
        divisionId: divisionIds[m.divisionIndex],
        round: m.round,
        date: dbDate(m.date),
        startTime: m.startTime,
        homeTeamId: team(m, m.homeIndex),
        awayTeamId: team(m, m.awayIndex),
        ...matchStatusData(m, team(m, m.homeIndex), team(m, m.awayIndex)),
      })),
      (data) => tx.match.createMany({ data }),
    );
    const sets = plan.matches.flatMap((m, i) => m.sets.map((set) => ({ matchId: matchIds[i], ...set })));
    await createInChunks(sets, (chunk) => insertSets(tx, chunk));
    await tx.pointDeduction.createMany({
      data: plan.deductions.map((d) => ({
        seasonId: season.id,
        teamId: teamIds[d.divisionIndex][d.teamIndex],
        matchId: d.matchIndex === null ? null : matchIds[d.matchIndex],
        points: d.points,
        rule: d.rule,
        reason: d.reason,
        createdById: user.id,
      })),
    });
    await tx.playoff.createMany({
      data: plan.playoffs.map((p) => ({
        divisionId: divisionIds[p.divisionIndex],
        winnerTeamId: teamIds[p.divisionIndex][p.winnerIndex],
        loserTeamId: teamIds[p.divisionIndex][p.loserIndex],
        date: dbDate(p.date),
      })),
    });

    // The consequences a live record would give: Regel 11 occurrences and fine proposals.
    const sideTeam = (matchIndex: number, side: 'home' | 'away') => team(plan.matches[matchIndex], side === 'home' ? plan.matches[matchIndex].homeIndex : plan.matches[matchIndex].awayIndex);
    await createInChunks(consequences.occurrences, (chunk) =>
      tx.incompleteAppearance.createMany({
        data: chunk.map((o) => ({ seasonId: season.id, teamId: sideTeam(o.matchIndex, o.side), matchId: matchIds[o.matchIndex], occurrence: o.occurrence, kind: o.kind, recordedById: user.id })),
      }),
    );
    // Provisional dates, as a live proposal: confirming it issues it anew (Regel 12B counts from then).
    const issuedOn = todayIso();
    const due = dueDate(issuedOn, { ...DEFAULT_SETTINGS, ...s.settings });
    await createInChunks(consequences.fines, (chunk) =>
      tx.fine.createMany({
        data: chunk.map((f) => ({
          seasonId: season.id,
          clubId: clubs.ids.get(f.club)!,
          teamId: sideTeam(f.matchIndex, f.side),
          matchId: matchIds[f.matchIndex],
          rule: f.rule,
          reason: f.reason,
          amountCents: f.amountCents ?? 0,
          issuedOn: dbDate(issuedOn),
          dueOn: dbDate(due),
          beneficiary: f.beneficiaryClub === null ? ('FEDERATION' as const) : ('CLUB' as const),
          beneficiaryClubId: f.beneficiaryClub === null ? null : clubs.ids.get(f.beneficiaryClub)!,
          status: 'PROPOSED' as const,
          incompletePlace: f.incompletePlace,
          createdById: user.id,
        })),
      }),
    );

    const result: SeasonImportResultDto = {
      seasonId: season.id,
      seasonName: season.name,
      divisions: plan.divisions.length,
      teams: teamIds.flat().length,
      matches: plan.matches.length,
      sets: sets.length,
      deductions: plan.deductions.length,
      playoffs: plan.playoffs.length,
      clubsCreated: clubs.created,
      fineProposals: consequences.fines.length,
      regel11Occurrences: consequences.occurrences.length,
    };
    await this.audit.record({ userId: user.id, action: 'season.import', entityType: 'Season', entityId: season.id, after: result }, tx);
    return result;
  }

  /** Clubs by exact name; the missing ones are created. */
  private async clubs(tx: Prisma.TransactionClient, names: string[]): Promise<{ ids: Map<string, string>; created: string[] }> {
    const existing = await tx.club.findMany({ where: { name: { in: names } }, select: { id: true, name: true } });
    const ids = new Map(existing.map((c) => [c.name, c.id]));
    const created = names.filter((n) => !ids.has(n));
    for (const name of created) ids.set(name, randomUUID());
    await tx.club.createMany({ data: created.map((name) => ({ id: ids.get(name)!, name })) });
    return { ids, created };
  }
}
