import { Injectable } from '@nestjs/common';
import { PLAYED_SOURCES } from '../domain/match/match-command';
import { DEFAULT_SETTINGS } from '../domain/settings';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import type { ScoreFacts } from './match.dto';

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

/**
 * What forViewer needs to show a division's or a team's matches (or one match) to the
 * public: the season's liveScores, read once per request (the matches are one season), and
 * which of the matches not yet confirmed hold a table entry awaiting its signature.
 */
@Injectable()
export class ScoreFactsService {
  constructor(private readonly prisma: PrismaService) {}

  async of(divisionId: string, matches: readonly { id: string; resultState: string }[] = []): Promise<ScoreFacts> {
    const open = matches.filter((m) => m.resultState !== 'CONFIRMED').map((m) => m.id);
    const [settings, awaiting] = await Promise.all([
      this.prisma.seasonSettings.findFirst({ where: { season: { divisions: { some: { id: divisionId } } } }, select: { liveScores: true } }),
      open.length
        ? this.prisma.matchSet.findMany({ where: { matchId: { in: open }, ...AWAITING_SIGNATURE }, select: { matchId: true }, distinct: ['matchId'] })
        : Promise.resolve([]),
    ]);
    return { liveScores: settings?.liveScores ?? DEFAULT_SETTINGS.liveScores, awaitingSignature: new Set(awaiting.map((s) => s.matchId)) };
  }
}
