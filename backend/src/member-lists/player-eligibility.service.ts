import { Injectable } from '@nestjs/common';
import { isoDate, todayIso } from '../common/dto';
import type { IsoDate } from '../domain/dates';
import { checkEligibility, EligibilityResult, MemberListEntry, Sanction } from '../domain/eligibility';
import type { CompetitionSettings } from '../domain/settings';
import type { Member, Prisma } from '../generated/prisma/client';

type Db = Prisma.TransactionClient;

/** A member row as stored (match day maps it to the names it may show). */
export type MemberRow = Member;

export interface EligibilityQuery {
  seasonId: string;
  /** The club of the team that fields the players. */
  clubId: string;
  matchDate: IsoDate;
  settings: Pick<CompetitionSettings, 'registrationLeadWorkingDays'>;
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

function toSanction(row: { kind: Sanction['kind']; startsOn: Date; endsOn: Date | null }): Sanction {
  return { kind: row.kind, startsOn: isoDate(row.startsOn), endsOn: isoDate(row.endsOn) };
}

/**
 * Regel 3B and 4: reads the member lists and sanctions and asks the pure
 * checkEligibility. Used by the eligible-players endpoint and by match day (line-ups,
 * confirmation), inside their transactions.
 */
@Injectable()
export class PlayerEligibilityService {
  /** Eligibility of each member on the match date, for the club that fields them. */
  async check(db: Db, query: EligibilityQuery, memberIds: readonly string[]): Promise<Map<string, EligibilityResult>> {
    const ids = [...new Set(memberIds)];
    // One after the other: `db` may be a transaction, which runs on one connection.
    const entries = await db.memberListEntry.findMany({
      where: { seasonId: query.seasonId, memberId: { in: ids } },
      include: { memberList: { select: { clubId: true, club: { select: { name: true } } } } },
    });
    const sanctions = await db.memberSanction.findMany({ where: { memberId: { in: ids } } });
    return new Map(
      ids.map((memberId) => {
        const entry = entries.find((e) => e.memberId === memberId);
        return [
          memberId,
          checkEligibility({
            clubId: query.clubId,
            matchDate: query.matchDate,
            settings: query.settings,
            entry: entry ? toEntry(entry) : null,
            sanctions: sanctions.filter((s) => s.memberId === memberId).map(toSanction),
          }),
        ];
      }),
    );
  }

  /** Everyone on the club's member list this season (not removed before the match), with their eligibility, by name. */
  async candidates(db: Db, query: EligibilityQuery): Promise<{ member: MemberRow; result: EligibilityResult }[]> {
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
