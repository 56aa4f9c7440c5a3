import { Injectable } from '@nestjs/common';
import { isoDate, todayIso } from '../common/dto';
import type { IsoDate } from '../domain/dates';
import { checkEligibility, eligibleFrom, EligibilityInput, EligibilityResult, MemberListEntry } from '../domain/eligibility';
import type { CompetitionSettings } from '../domain/settings';
import type { Member, Prisma } from '../generated/prisma/client';
import { toDomainSanction } from './member-list.dto';

type Db = Prisma.TransactionClient;

export interface EligibilityQuery {
  seasonId: string;
  /** The club of the team that fields the players. */
  clubId: string;
  matchDate: IsoDate;
  settings: Pick<CompetitionSettings, 'registrationLeadWorkingDays'>;
}

/** Regel 3B, 4 for one member, with the first date from which they may play if nothing changes (null: eligible, or no such date). */
export interface PlayerEligibility extends EligibilityResult {
  eligibleFrom: IsoDate | null;
}

interface EntryRow {
  memberId: string;
  registeredOn: Date;
  removedAt: Date | null;
  memberList: { clubId: string; club: { name: string } };
}

function toEntry(row: EntryRow): MemberListEntry {
  return {
    clubId: row.memberList.clubId,
    clubName: row.memberList.club.name,
    registeredOn: isoDate(row.registeredOn),
    removedAt: row.removedAt ? todayIso(row.removedAt) : null,
  };
}

/**
 * Regel 3B and 4: reads the member lists and sanctions and asks the pure
 * checkEligibility. Used by the eligible-players endpoint and by match day (line-ups,
 * confirmation), inside their transactions.
 */
@Injectable()
export class PlayerEligibilityService {
  /** Eligibility of each member on the match date, for the club that fields them. */
  async check(db: Db, query: EligibilityQuery, memberIds: readonly string[]): Promise<Map<string, PlayerEligibility>> {
    const ids = [...new Set(memberIds)];
    // One after the other: `db` may be a transaction, which runs on one connection.
    const entries = await db.memberListEntry.findMany({
      where: { seasonId: query.seasonId, memberId: { in: ids } },
      include: { memberList: { select: { clubId: true, club: { select: { name: true } } } } },
    });
    const sanctions = await db.memberSanction.findMany({ where: { memberId: { in: ids } } });
    const entryOf = new Map(entries.map((e) => [e.memberId, toEntry(e)]));
    return new Map(
      ids.map((memberId) => {
        const input: EligibilityInput = {
          clubId: query.clubId,
          matchDate: query.matchDate,
          settings: query.settings,
          entry: entryOf.get(memberId) ?? null,
          sanctions: sanctions.filter((s) => s.memberId === memberId).map(toDomainSanction),
        };
        return [memberId, { ...checkEligibility(input), eligibleFrom: eligibleFrom(input) }];
      }),
    );
  }

  /** Everyone on the club's member list this season (not removed before the match), with their eligibility, by name. */
  async candidates(db: Db, query: EligibilityQuery): Promise<{ member: Member; result: PlayerEligibility }[]> {
    const entries = await db.memberListEntry.findMany({
      where: { seasonId: query.seasonId, memberList: { clubId: query.clubId } },
      include: { member: true },
      orderBy: [{ member: { familyName: 'asc' } }, { member: { givenNames: 'asc' } }],
    });
    const current = entries.filter((e) => !e.removedAt || todayIso(e.removedAt) > query.matchDate);
    const results = await this.check(db, query, current.map((e) => e.memberId));
    return current.map((e) => ({ member: e.member, result: results.get(e.memberId)! }));
  }
}
