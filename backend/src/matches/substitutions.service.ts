import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import { NotFoundError, RuleViolationError, ValidationError } from '../common/errors';
import { SubstitutionDto, SubstitutionInputDto } from './lineup.dto';
import { mapSubstitution, teamSideFor } from './lineups.service';
import { MatchDataService } from './match-data.service';
import { lineupOf } from './match-row';
import { assertMatchFactsOpen } from './match-rules';
import { MatchWriterService } from './match-writer.service';

/**
 * Substitutions (Regel 13, 14) as they happened at the table. Every one is recorded, legal
 * or not; all of a team's substitutions are checked again in order after each change, and
 * a violation gives the opponent 8–0 at that pair's seats from the violating set on.
 */
@Injectable()
export class SubstitutionsService {
  constructor(
    private readonly data: MatchDataService,
    private readonly writer: MatchWriterService,
  ) {}

  async add(matchId: string, body: SubstitutionInputDto, user: AuthUser, reason?: string): Promise<SubstitutionDto> {
    const side = teamSideFor(user, await this.data.teams(matchId), body.teamId);
    let createdId = '';
    await this.writer.write(matchId, { user, action: 'match.substitution', reason }, async (tx, match, settings) => {
      assertMatchFactsOpen(match, user, reason);
      if (!lineupOf(match, side)) {
        throw new RuleViolationError('Leg eerst de spelerslijst van dit team vast; een invaller moet op de reservelijst staan (Regel 13).', 'LINEUP_MISSING');
      }
      const found = await tx.member.count({ where: { id: { in: [body.outMemberId, body.inMemberId] } } });
      if (found < new Set([body.outMemberId, body.inMemberId]).size) {
        throw new ValidationError('Niet alle spelers zijn bekend bij de bond.', [{ field: 'inMemberId', message: 'Onbekend lid.' }], 'UNKNOWN_MEMBER');
      }
      const created = await tx.substitution.create({ data: { matchId: match.id, ...body } });
      createdId = created.id;
      await this.writer.afterFactsChanged(tx, match, settings, user.id);
    });
    const match = await this.data.load(matchId);
    return mapSubstitution(match.substitutions.find((s) => s.id === createdId)!);
  }

  async remove(matchId: string, substitutionId: string, user: AuthUser, reason?: string): Promise<void> {
    const teams = await this.data.teams(matchId);
    const match = await this.data.load(matchId);
    const substitution = match.substitutions.find((s) => s.id === substitutionId);
    if (!substitution) throw new NotFoundError('Wissel');
    teamSideFor(user, teams, substitution.teamId);
    await this.writer.write(matchId, { user, action: 'match.substitution.delete', reason }, async (tx, current, settings) => {
      assertMatchFactsOpen(current, user, reason);
      await tx.substitution.delete({ where: { id: substitutionId } });
      await this.writer.afterFactsChanged(tx, current, settings, user.id);
    });
  }
}
