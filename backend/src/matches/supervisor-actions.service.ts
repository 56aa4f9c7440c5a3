import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { ForbiddenError, RuleViolationError, ValidationError } from '../common/errors';
import { dutchList, locateRemovedPlayer, PlayerId, SeatTeams, setTableLabel, Side, splitVoided, voidableGames } from '../domain/match';
import type { Prisma } from '../generated/prisma/client';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { familyNameOf, MatchRow, teamFacts } from './match-row';
import { assertResultOpen } from './match-rules';
import { MatchWriterService, Tx } from './match-writer.service';
import { SupervisorActionDto, SupervisorActionInputDto } from './supervisor-actions.dto';

const PLAYED = ['GAMES', 'TOTALS'];
const SIDE_WORDS: Record<Side, string> = { HOME: 'thuisploeg', AWAY: 'uitploeg' };

type ActionRow = MatchRow['supervisorActions'][number];
type GameRow = MatchRow['sets'][number]['games'][number];

/** What an action means, in words, for the match page and the form. */
export function consequenceOf(action: Pick<ActionRow, 'kind' | 'setNumber' | 'tableNumber' | 'side' | 'pairNumber' | 'fromGame' | 'gameNumbers'>): string {
  if (action.kind === 'REMOVE_PLAYER') {
    return (
      `Koppel ${action.pairNumber} van de ${SIDE_WORDS[action.side ?? 'HOME']} verliest vanaf set ${action.setNumber}, partij ${action.fromGame} ` +
      'elke partij met 2–0 (Regel 38), tot een reserve na loting invalt; die wordt als wissel voor de verwijderde speler vastgelegd (Regel 38A, 13).'
    );
  }
  const games = action.gameNumbers.length === 1 ? `Partij ${action.gameNumbers[0]}` : `Partijen ${dutchList(action.gameNumbers, 'en')}`;
  return `${games} van ${setTableLabel(action.setNumber, action.tableNumber).toLowerCase()} ${action.gameNumbers.length === 1 ? 'vervalt' : 'vervallen'} (Regel 22): gespeeld aan een verkeerde tafel; de set wordt aan de juiste tafel gespeeld en opnieuw ingevoerd.`;
}

function mapAction(action: ActionRow): SupervisorActionDto {
  return {
    id: action.id,
    kind: action.kind,
    setNumber: action.setNumber,
    tableNumber: action.tableNumber,
    side: action.side,
    pairNumber: action.pairNumber,
    memberId: action.memberId,
    playerName: action.member ? familyNameOf(action.member) : null,
    fromGame: action.fromGame,
    gameNumbers: action.gameNumbers,
    consequence: consequenceOf(action),
    reason: action.reason,
    createdAt: action.createdAt.toISOString(),
  };
}

/** A stored game as the action keeps it in `voidedEntry`. */
function auditGame(g: GameRow) {
  return { gameNumber: g.gameNumber, winner: g.winner, kind: g.kind, points: g.points, penaltyRule: g.penaltyRule };
}

function invalid(field: string, message: string): ValidationError {
  return new ValidationError(message, [{ field, message }], 'INVALID_SUPERVISOR_ACTION');
}

/**
 * The supervisor's actions at the table (Regel 22, 38), recorded with a reason and audited
 * before and after; what follows is computed by the domain (removalLosses, voidableGames).
 */
@Injectable()
export class SupervisorActionsService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
  ) {}

  /** For the federation, supervisors and the secretaries of the two clubs (the decisions name players). */
  async list(matchId: string, user: AuthUser): Promise<SupervisorActionDto[]> {
    const match = await this.data.load(matchId);
    if (user.role === 'SECRETARY' && user.clubId !== match.homeTeam.clubId && user.clubId !== match.awayTeam.clubId) {
      throw new ForbiddenError('Alleen de secretarissen van beide teams, de wedstrijdleider en de bond zien deze beslissingen.', 'OTHER_CLUB');
    }
    return match.supervisorActions.map(mapAction);
  }

  async record(matchId: string, body: SupervisorActionInputDto, user: AuthUser): Promise<MatchDetailDto> {
    const action = body.kind === 'REMOVE_PLAYER' ? 'match.supervisor.remove-player' : 'match.supervisor.void-wrong-table';
    return this.writer.write(matchId, { user, action, version: body.version, reason: body.reason }, async (tx, match, settings) => {
      assertResultOpen(match);
      if (body.kind === 'REMOVE_PLAYER') {
        const facts = { HOME: teamFacts(match, 'HOME'), AWAY: teamFacts(match, 'AWAY') };
        const teams: SeatTeams = {
          pairs: {
            HOME: facts.HOME.lineup && new Map(facts.HOME.lineup.pairs.map((p) => [p.pairNumber, [...p.players] as PlayerId[]])),
            AWAY: facts.AWAY.lineup && new Map(facts.AWAY.lineup.pairs.map((p) => [p.pairNumber, [...p.players] as PlayerId[]])),
          },
          substitutions: { HOME: facts.HOME.substitutions, AWAY: facts.AWAY.substitutions },
        };
        const located = locateRemovedPlayer({ setNumber: body.setNumber, tableNumber: body.tableNumber, fromGame: body.gameNumber!, playerId: body.memberId! }, teams, settings);
        if ('error' in located) throw invalid(located.error.startsWith('Partij') ? 'gameNumber' : 'memberId', located.error);
        await this.create(tx, match, body, user, { memberId: body.memberId!, side: located.side, pairNumber: located.pairNumber, fromGame: body.gameNumber! });
        await this.writer.afterFactsChanged(tx, match, settings, user.id);
        return;
      }
      const where = setTableLabel(body.setNumber, body.tableNumber);
      const n = settings.pairsPerTeam;
      if (body.setNumber > n || body.tableNumber > n) throw invalid('tableNumber', `${where} bestaat niet: een wedstrijd heeft ${n} sets aan ${n} tafels.`);
      const games = voidableGames(body.gameNumbers ?? [], settings.gamesPerSet);
      if ('error' in games) throw invalid('gameNumbers', games.error);
      const row = match.sets.find((s) => s.setNumber === body.setNumber && s.tableNumber === body.tableNumber);
      if (row && !PLAYED.includes(row.source)) {
        throw new RuleViolationError(`${where} is door de regels bepaald (${row.homePoints}–${row.awayPoints}); daar zijn geen partijen gespeeld die kunnen vervallen.`, 'SEAT_CREDITED');
      }
      const split = row ? splitVoided(row.games, games.games) : null;
      const voidedEntry = row && {
        source: row.source,
        homePoints: row.homePoints,
        awayPoints: row.awayPoints,
        voided: split!.voided.map(auditGame),
        kept: split!.kept.map(auditGame),
      };
      // The void games do not count: the seat's entry goes, and the set is entered again once played at the right table.
      if (row) await tx.matchSet.delete({ where: { id: row.id } });
      await this.create(tx, match, body, user, { gameNumbers: games.games, voidedEntry: voidedEntry ?? undefined });
      await this.writer.refreshTotals(tx, match.id, settings);
    });
  }

  private async create(
    tx: Tx,
    match: MatchRow,
    body: SupervisorActionInputDto,
    user: AuthUser,
    data: { memberId?: string; side?: Side; pairNumber?: number; fromGame?: number; gameNumbers?: number[]; voidedEntry?: Prisma.InputJsonValue },
  ): Promise<void> {
    await tx.supervisorAction.create({
      data: { matchId: match.id, kind: body.kind, setNumber: body.setNumber, tableNumber: body.tableNumber, reason: body.reason, createdById: user.id, gameNumbers: [], ...data },
    });
  }
}

