import { Injectable } from '@nestjs/common';
import { PLAYED_SOURCES } from '../domain/match/match-command';
import { DEFAULT_SETTINGS } from '../domain/settings';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import type { AwaitingSeats, ScoreFacts } from './match.dto';

/** A set entered at the table and not yet signed by the opposing pair, or disputed, or on a paper form not yet signed by the home team, and not decided by the supervisor (awaitsTableSignature, awaitsFormSignature). */
const AWAITING_SIGNATURE = {
  decidedAt: null,
  OR: [
    { enteredBySide: { not: null }, signedAt: null },
    { refusedAt: { not: null } },
    // A played seat of a paper form the home team has not signed yet (Regel 15).
    { enteredBySide: null, signedBySide: null, source: { in: [...PLAYED_SOURCES] }, match: { homeSignedAt: null } },
  ],
} satisfies Prisma.MatchSetWhereInput;

type SeatPoints = { matchId: string; homePoints: number; awayPoints: number };

/** Seats summed per match: how many, and their points. */
function sumsByMatch(seats: readonly SeatPoints[]): Map<string, { seats: number; homePoints: number; awayPoints: number }> {
  const sums = new Map<string, { seats: number; homePoints: number; awayPoints: number }>();
  for (const seat of seats) {
    const sum = sums.get(seat.matchId) ?? { seats: 0, homePoints: 0, awayPoints: 0 };
    sums.set(seat.matchId, { seats: sum.seats + 1, homePoints: sum.homePoints + seat.homePoints, awayPoints: sum.awayPoints + seat.awayPoints });
  }
  return sums;
}

const POINTS = { matchId: true, homePoints: true, awayPoints: true } as const;

/**
 * What forViewer needs to show a division's or a team's matches (or one match): the season's
 * liveScores, read once per request (the matches are one season), and for the matches not yet
 * final that hold seats awaiting a signature, those seats and the sum of the seats that count
 * (the summary then shows the match page's counted score).
 */
@Injectable()
export class ScoreFactsService {
  constructor(private readonly prisma: PrismaService) {}

  async of(divisionId: string, matches: readonly { id: string; resultState: string }[] = []): Promise<ScoreFacts> {
    const open = matches.filter((m) => m.resultState !== 'CONFIRMED').map((m) => m.id);
    const [settings, awaitingSeats] = await Promise.all([
      this.prisma.seasonSettings.findFirst({ where: { season: { divisions: { some: { id: divisionId } } } }, select: { liveScores: true } }),
      open.length ? this.prisma.matchSet.findMany({ where: { matchId: { in: open }, ...AWAITING_SIGNATURE }, select: POINTS }) : Promise.resolve([]),
    ]);
    const awaiting = sumsByMatch(awaitingSeats);
    // The seats that do count, of the matches with seats awaiting (at most one match's seats each).
    const countingSeats = awaiting.size ? await this.prisma.matchSet.findMany({ where: { matchId: { in: [...awaiting.keys()] }, NOT: AWAITING_SIGNATURE }, select: POINTS }) : [];
    const counted = sumsByMatch(countingSeats);
    const byMatch = new Map<string, AwaitingSeats>(
      [...awaiting].map(([matchId, sum]) => {
        const count = counted.get(matchId);
        return [matchId, { ...sum, counted: count ? { homePoints: count.homePoints, awayPoints: count.awayPoints } : null }];
      }),
    );
    return { liveScores: settings?.liveScores ?? DEFAULT_SETTINGS.liveScores, awaiting: byMatch };
  }
}
