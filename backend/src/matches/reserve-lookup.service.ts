import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../common/errors';
import { PlayerEligibilityService } from '../member-lists/player-eligibility.service';
import { PrismaService } from '../prisma/prisma.service';
import { MatchDataService } from './match-data.service';
import { eligibilityQuery, familyNameOf, sideOf } from './match-row';
import { ReserveCandidateDto } from './reserve-lookup.dto';

/**
 * The supervisor adds a reserve after set 1 started (RULES.md, revised 2026-12-06) without
 * seeing the club's member list: a member number the team leader gives is looked up among the
 * members on that team's club's list on the match date, and only the family name comes back.
 */
@Injectable()
export class ReserveLookupService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly data: MatchDataService,
    private readonly eligibility: PlayerEligibilityService,
  ) {}

  async byMemberNumber(matchId: string, teamId: string, memberNumber: string): Promise<ReserveCandidateDto> {
    const match = await this.data.load(matchId);
    const side = sideOf(match, teamId);
    if (!side) throw new NotFoundError('Team in deze wedstrijd', 'TEAM_NOT_IN_MATCH');
    const wanted = memberNumber.trim().toUpperCase();
    const listed = await this.eligibility.candidates(this.prisma, eligibilityQuery(match, side, this.data.settingsOf(match)));
    const found = listed.find((c) => c.member.memberNumber.toUpperCase() === wanted);
    if (!found) throw new NotFoundError(`Lidnummer ${memberNumber.trim()} op de moederlijst van deze vereniging`, 'MEMBER_NOT_ON_LIST');
    return { memberId: found.member.id, familyName: familyNameOf(found.member), eligible: found.result.eligible };
  }
}
