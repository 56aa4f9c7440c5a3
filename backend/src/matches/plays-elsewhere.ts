/**
 * One member, one match per date (RULES.md): the lines of the other matches of the day that
 * already hold one of these members, naming the player and the match.
 *
 * A club secretary is checked against the line-ups of their own club only. Another club's
 * line-up is not theirs to read, and the refusal would name who that club lined up (the
 * secretary could try every member of it). A member of another club put on this line-up is
 * ineligible here anyway (not on this club's moederlijst), so nothing slips through: the
 * line-up of the member's own club is the one that counts, and administrators and
 * supervisors are checked against every line-up of the day.
 */
import type { AuthUser } from '../auth/auth.types';
import { isoDate } from '../common/dto';
import { oneMatchPerDayMessages } from '../domain/match/one-match-per-day';
import { familyNameOf, type MatchRow } from './match-row';
import type { Tx } from './match-writer.service';

export async function playsElsewhereMessages(tx: Tx, memberIds: readonly string[], match: Pick<MatchRow, 'id' | 'date'>, clubId: string, user: AuthUser): Promise<string[]> {
  const elsewhere = await tx.lineupPlayer.findMany({
    where: {
      memberId: { in: [...memberIds] },
      lineup: {
        matchId: { not: match.id },
        ...(user.role === 'SECRETARY' ? { team: { clubId } } : {}),
        match: { date: match.date, archivedAt: null, status: { in: ['SCHEDULED', 'PLAYED'] } },
      },
    },
    select: { member: true, lineup: { select: { match: { select: { date: true, homeTeam: { select: { name: true } }, awayTeam: { select: { name: true } } } } } } },
  });
  return oneMatchPerDayMessages(
    elsewhere.map((e) => ({ player: familyNameOf(e.member), homeTeam: e.lineup.match.homeTeam.name, awayTeam: e.lineup.match.awayTeam.name, date: isoDate(e.lineup.match.date) })),
  );
}
