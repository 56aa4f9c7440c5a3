import { Injectable } from '@nestjs/common';
import { dbDate, isoDate, todayIso } from '../common/dto';
import type { IsoDate } from '../domain/dates';
import { checkEligibility, eligibleFrom, EligibilityInput, EligibilityResult, entryOn } from '../domain/eligibility';
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

const onList = { select: { clubId: true, club: { select: { name: true } } } } as const;

/** An entry with the registrations it had before (member_list_periods), as the domain reads them. */
const withEarlier = {
  memberList: onList,
  earlierPeriods: { select: { registeredOn: true, endedOn: true, memberList: onList } },
} as const;

interface EntryRow {
  memberId: string;
  registeredOn: Date;
  removedAt: Date | null;
  memberList: { clubId: string; club: { name: string } };
  earlierPeriods: { registeredOn: Date; endedOn: Date; memberList: { clubId: string; club: { name: string } } }[];
}

function toEntry(row: EntryRow): Pick<EligibilityInput, 'entry' | 'earlierEntries'> {
  return {
    entry: {
      clubId: row.memberList.clubId,
      clubName: row.memberList.club.name,
      registeredOn: isoDate(row.registeredOn),
      removedAt: row.removedAt ? todayIso(row.removedAt) : null,
    },
    earlierEntries: row.earlierPeriods.map((period) => ({
      clubId: period.memberList.clubId,
      clubName: period.memberList.club.name,
      registeredOn: isoDate(period.registeredOn),
      removedAt: isoDate(period.endedOn),
    })),
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
    const entries = await db.memberListEntry.findMany({ where: { seasonId: query.seasonId, memberId: { in: ids } }, include: withEarlier });
    const sanctions = await db.memberSanction.findMany({ where: { memberId: { in: ids } } });
    const entryOf = new Map(entries.map((e) => [e.memberId, toEntry(e)]));
    return new Map(
      ids.map((memberId) => {
        const input: EligibilityInput = {
          clubId: query.clubId,
          matchDate: query.matchDate,
          settings: query.settings,
          entry: null,
          ...entryOf.get(memberId),
          sanctions: sanctions.filter((s) => s.memberId === memberId).map(toDomainSanction),
        };
        return [memberId, { ...checkEligibility(input), eligibleFrom: eligibleFrom(input) }];
      }),
    );
  }

  /**
   * Everyone on the club's member list this season on the match date, with their eligibility,
   * by name: not removed before the match, or (for a match already played) on the list then
   * and since taken off and added again, or transferred away.
   */
  async candidates(db: Db, query: EligibilityQuery): Promise<{ member: Member; result: PlayerEligibility }[]> {
    const entries = await db.memberListEntry.findMany({
      where: {
        seasonId: query.seasonId,
        OR: [{ memberList: { clubId: query.clubId } }, { earlierPeriods: { some: { memberList: { clubId: query.clubId }, endedOn: { gt: dbDate(query.matchDate) } } } }],
      },
      include: { member: true, ...withEarlier },
      orderBy: [{ member: { familyName: 'asc' } }, { member: { givenNames: 'asc' } }],
    });
    const current = entries.filter((e) => {
      const held = entryOn(toEntry(e), query.matchDate);
      return held?.clubId === query.clubId && (!held.removedAt || held.removedAt > query.matchDate);
    });
    const results = await this.check(db, query, current.map((e) => e.memberId));
    return current.map((e) => ({ member: e.member, result: results.get(e.memberId)! }));
  }
}
