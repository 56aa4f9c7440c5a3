import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthUser } from '../auth/auth.types';
import { ForbiddenError } from '../common/errors';
import { dutchList, setTableLabel, Side } from '../domain/match';
import { MatchDetailDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { familyNameOf, MatchRow, playerLabels } from './match-row';
import { commandUser, MatchWriterService } from './match-writer.service';
import { SupervisorActionDto, SupervisorActionInputDto, WithdrawActionInputDto } from './supervisor-actions.dto';

const SIDE_WORDS: Record<Side, string> = { HOME: 'thuisploeg', AWAY: 'uitploeg' };

type ActionRow = MatchRow['supervisorActions'][number];

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
    const base = { by: commandUser(user), reason: body.reason, id: randomUUID(), setNumber: body.setNumber, tableNumber: body.tableNumber };
    return this.writer.apply(
      matchId,
      async (_tx, match) => {
        if (body.kind === 'VOID_WRONG_TABLE') return { kind: 'VOID_WRONG_TABLE', ...base, gameNumbers: body.gameNumbers ?? [] };
        // The rules name the player by the label the line-ups use.
        const label = playerLabels(match).get(body.memberId!) ?? body.memberId!;
        return { kind: 'REMOVE_PLAYER', ...base, fromGame: body.gameNumber!, memberId: body.memberId!, playerId: label };
      },
      { user, actor: user.id, action, version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey },
    );
  }

  /** RULES.md "Undo": the supervisor withdraws their own removal (Regel 38) or void (Regel 22), with a reason, until the match is final. */
  async withdraw(matchId: string, actionId: string, body: WithdrawActionInputDto, user: AuthUser): Promise<MatchDetailDto> {
    const command = { kind: 'WITHDRAW_ACTION', by: commandUser(user), reason: body.reason, id: actionId } as const;
    return this.writer.apply(matchId, command, { user, actor: user.id, action: 'match.supervisor.withdraw', version: body.version, reason: body.reason, idempotencyKey: body.idempotencyKey });
  }
}
