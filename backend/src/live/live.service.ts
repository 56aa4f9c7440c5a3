import { Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { NotFoundError } from '../common/errors';
import { liveMatchPicture, scoreView, type StoredSeat } from '../domain/live/live-match';
import { finalityWords } from '../domain/match/match-command';
import { pairPlayersAt } from '../domain/match';
import { inPairOrder } from '../domain/pair-order';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { publicNameOf } from '../matches/match-row';
import { PrismaService } from '../prisma/prisma.service';
import { LiveEvents } from './live-events';
import { loadLiveMatchRows, type LiveMatchRow } from './live-load';
import { LiveMatchDto, LiveRoundDto, mapLiveMatch, SCORES_HIDDEN_NOTICE, SeatNames } from './live.dto';
import { makeRoomFor } from '../common/bounded';

/**
 * A reader that names no version gets an answer computed at most this long ago, unless an
 * event about its match ended it sooner: the safety net for the writes the bus does not carry
 * (the match writer and a club's "niet publiceren" choice tell it; not a team or club renamed,
 * a member's name corrected, the season's live-score setting).
 */
const FRESH_MS = 3_000;
/**
 * How long an answer is kept for a reader that names its version (a page reading what a
 * message announced, however many changes came since), and how long a match's answer with no
 * change since serves its round (a round of ten matches, one of which changed, reads that one only).
 */
const KEPT_MS = 30_000;
/** Answers kept per topic besides the current one, for the readers that name theirs. */
const KEPT_VERSIONS = 4;

/**
 * Which live answer: a match's (`match:<id>`) or a division's round (`round:<divisionId>:<round>`).
 * The same key names the cached answer and the event streams that follow it (LiveStreams).
 */
/**
 * Events that never change what the public sees (an entry waiting for its signature: the seat
 * stays OPEN on the live picture): no stream message, and the cached answer stays, so spectators
 * neither re-read nor make the API compute for nothing. A dispute is not quiet: a set signed on
 * one device and then signed differently on another was public and is withdrawn until the
 * supervisor decides (publicSeatState).
 */
export const QUIET_KINDS: ReadonlySet<string> = new Set(['SET_ENTERED']);

export const matchTopic = (matchId: string) => `match:${matchId}`;
export const roundTopic = (divisionId: string, round: number) => `round:${divisionId}:${round}`;

/** A live answer as served: the JSON text GET …/live returns and its version (a hash of what it shows, the ETag). */
export interface LiveAnswer {
  version: string;
  json: string;
}

/**
 * An answer as served, from its JSON without the version: the version is a hash of that text,
 * so every API process that reads the same stored state names it the same, and a page that
 * shows it knows a message brings nothing new. The text is written once: the version goes in
 * front of it (`{"version":"…",…}`), not through a second JSON.stringify.
 */
function served(text: string): LiveAnswer {
  const version = createHash('sha256').update(text).digest('base64url').slice(0, 16);
  return { version, json: `{"version":${JSON.stringify(version)},${text.slice(1)}` };
}

/**
 * The pair at a seat by family name, substitutions counted (Regel 13/14: the player who came
 * in from this set on), and a member whose club chose "niet publiceren" as "speler van <club>".
 * A pair that starts later (Regel 5B/5C) has no names before its set.
 */
function seatNames(row: LiveMatchRow): SeatNames {
  const names = new Map<string, string>();
  const pairs = (teamId: string) => {
    const clubName = (teamId === row.homeTeamId ? row.homeTeam : row.awayTeam).club.name;
    const lineup = row.lineups.find((l) => l.teamId === teamId);
    const byPair = new Map<number, { ids: string[]; fromSet: number }>();
    for (const p of inPairOrder(lineup?.players ?? [])) {
      names.set(p.memberId, publicNameOf(p.member, clubName));
      if (p.pairNumber === null) continue;
      const pair = byPair.get(p.pairNumber) ?? { ids: [], fromSet: p.fromSet };
      pair.ids.push(p.memberId);
      byPair.set(p.pairNumber, pair);
    }
    const subs = row.substitutions
      .filter((s) => s.teamId === teamId)
      .map((s) => {
        names.set(s.inMemberId, publicNameOf(s.inMember, clubName));
        return { setNumber: s.setNumber, pairNumber: s.pairNumber, outPlayerId: s.outMemberId, inPlayerId: s.inMemberId };
      });
    return (pairNumber: number, setNumber: number): string[] => {
      const pair = byPair.get(pairNumber);
      if (!pair || pair.fromSet > setNumber) return [];
      return pairPlayersAt(pair.ids, pairNumber, subs, setNumber).map((id) => names.get(id) ?? '');
    };
  };
  const home = pairs(row.homeTeamId);
  const away = pairs(row.awayTeamId);
  return (seat) => ({ homeNames: home(seat.homePairNumber, seat.setNumber), awayNames: away(seat.awayPairNumber, seat.setNumber) });
}

/** A match's live answer (LiveMatchDto), as served. */
export function toAnswer(row: LiveMatchRow): LiveAnswer {
  return served(JSON.stringify(toPicture(row)));
}

function toPicture(row: LiveMatchRow): Omit<LiveMatchDto, 'version'> {
  const settings = row.division.season.settings ?? DEFAULT_SETTINGS;
  const confirmed = row.resultState === 'CONFIRMED';
  // The live pages are public: nobody is an insider here.
  const scoresHidden = scoreView(row.resultState, settings.liveScores) === 'NONE';
  const displaced = Array.isArray(row.displacedSeats) ? (row.displacedSeats as unknown as StoredSeat[]) : [];
  const picture = liveMatchPicture(
    { status: row.status, resultState: row.resultState, homeSigned: row.homeSignedAt !== null, sets: row.sets, displaced },
    settings.pairsPerTeam,
    !scoresHidden,
  );
  const team = (t: LiveMatchRow['homeTeam']) => ({ id: t.id, name: t.name, clubName: t.club.name });
  return mapLiveMatch(
    {
      id: row.id,
      divisionId: row.divisionId,
      divisionName: row.division.name,
      seasonName: row.division.season.name,
      round: row.round,
      date: row.date,
      startTime: row.startTime,
      venue: row.homeTeam.club.venue,
      city: row.homeTeam.club.city,
      homeTeam: team(row.homeTeam),
      awayTeam: team(row.awayTeam),
      confirmedTotals: confirmed ? { homePoints: row.homePoints, awayPoints: row.awayPoints } : null,
      finality: finalityWords(row, new Date(), settings.paperConfirmHours),
    },
    picture,
    scoresHidden,
    seatNames(row),
  );
}

interface CachedAnswer {
  at: number;
  answer: Promise<LiveAnswer>;
  /** Its version, once computed. */
  version?: string;
  /** A change came after its computation began: served only to a reader that names its version. */
  stale: boolean;
  /** The answers this one replaced, newest first (at most KEPT_VERSIONS), for a reader that names its version (a page told of it before). */
  older: KeptAnswer[];
}

/** The cached answer while it is current: no change since, and computed less than `maxAgeMs` ago. */
const current = (hit: CachedAnswer | undefined, now: number, maxAgeMs: number) => (hit && !hit.stale && now - hit.at < maxAgeMs ? hit.answer : undefined);

interface KeptAnswer {
  at: number;
  version: string;
  answer: Promise<LiveAnswer>;
}

/**
 * Reads the live pictures. Every spectator of a match night wants the same answer after each
 * event, so an answer is computed once (single flight), serialised and versioned once, and
 * shared for a few seconds by the GETs and by the event streams that push it; it is forgotten
 * as soon as the live bus reports a change to its match or round.
 */
@Injectable()
export class LiveService implements OnModuleInit, OnModuleDestroy {
  private readonly cache = new Map<string, CachedAnswer>();
  private unsubscribe?: () => void;
  /** How often this process computed a live answer (a read of the database), per kind: the metrics report it. */
  readonly computations = { match: 0, round: 0 };

  constructor(
    private readonly prisma: PrismaService,
    private readonly events: LiveEvents,
  ) {}

  onModuleInit(): void {
    const off = this.events.subscribe((event) => {
      if (QUIET_KINDS.has(event.kind)) return;
      // Kept for a reader that names its version (shared), no longer served as the current answer.
      for (const key of [matchTopic(event.matchId), roundTopic(event.divisionId, event.round)]) {
        const hit = this.cache.get(key);
        if (hit) hit.stale = true;
      }
    });
    // The bus was away (events of other API processes may be missed): nothing cached is trusted.
    const offResync = this.events.onResync(() => this.cache.clear());
    this.unsubscribe = () => {
      off();
      offResync();
    };
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  /** A match's live answer (LiveMatchDto as JSON), computed once per change however many spectators ask. */
  match(id: string, wanted?: string): Promise<LiveAnswer> {
    return this.shared(
      matchTopic(id),
      async () => {
        const [row] = await loadLiveMatchRows(this.prisma.direct, [id]);
        if (!row) throw new NotFoundError('Wedstrijd');
        return toAnswer(row);
      },
      wanted,
    );
  }

  /** A division's round (the match night, LiveRoundDto as JSON); a round's is some 80 kB. */
  round(divisionId: string, round: number, wanted?: string): Promise<LiveAnswer> {
    return this.shared(
      roundTopic(divisionId, round),
      async () => {
        const division = await this.prisma.division.findUnique({
          where: { id: divisionId },
          select: {
            id: true,
            name: true,
            season: { select: { name: true, settings: { select: { liveScores: true } } } },
            matches: { where: { round, archivedAt: null }, select: { id: true }, orderBy: [{ date: 'asc' }, { startTime: 'asc' }, { homeTeam: { name: 'asc' } }] },
          },
        });
        if (!division) throw new NotFoundError('Poule');
        const scoresHidden = !(division.season.settings?.liveScores ?? DEFAULT_SETTINGS.liveScores);
        const head = {
          divisionId: division.id,
          divisionName: division.name,
          seasonName: division.season.name,
          round,
          scoresHidden,
          notice: scoresHidden ? SCORES_HIDDEN_NOTICE : null,
        } satisfies Omit<LiveRoundDto, 'version' | 'matches'>;
        // Each match's own answer, as its spectators get it: joined into the round's text (the
        // round's ~80 kB are never stringified again), and read only for the matches that changed.
        const matches = await this.matchAnswers(division.matches.map((m) => m.id));
        return served(`${JSON.stringify(head).slice(0, -1)},"matches":[${matches.map((a) => a.json).join(',')}]}`);
      },
      wanted,
    );
  }

  /**
   * The current answers of these matches, in their order: from the cache where no change came
   * since, the others in one read (and cached for their own spectators). A match archived
   * meanwhile is left out.
   */
  private async matchAnswers(ids: readonly string[]): Promise<LiveAnswer[]> {
    const now = Date.now();
    const known = new Map<string, Promise<LiveAnswer>>();
    for (const id of ids) {
      const answer = current(this.cache.get(matchTopic(id)), now, KEPT_MS);
      if (answer) known.set(id, answer);
    }
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length) {
      this.computations.match += missing.length;
      const read = loadLiveMatchRows(this.prisma.direct, missing).then((rows) => new Map(rows.map((row) => [row.id, toAnswer(row)])));
      for (const id of missing) {
        const answer = read.then((answers) => answers.get(id) ?? Promise.reject(new NotFoundError('Wedstrijd')));
        known.set(id, answer);
        this.remember(matchTopic(id), now, answer);
      }
    }
    const answers = await Promise.all(ids.map((id) => known.get(id)!.catch((error: unknown) => (error instanceof NotFoundError ? null : Promise.reject(error)))));
    return answers.filter((a): a is LiveAnswer => a !== null);
  }

  /**
   * Computes now, in one read, the answers of these matches that changed (LiveStreams: the
   * matches of one window of events, before its messages ask for them): a match's message and
   * its round's then share one computation, whichever of them asks first.
   */
  refresh(matchIds: readonly string[]): void {
    if (matchIds.length) this.matchAnswers(matchIds).catch(() => undefined);
  }

  /** The live answer a stream's topic follows (matchTopic, roundTopic). */
  answer(topic: string): Promise<LiveAnswer> {
    const [kind, id, round] = topic.split(':');
    return kind === 'match' ? this.match(id) : this.round(id, Number(round));
  }

  /**
   * The cached answer of `key`, or a new computation. After a change the cached answer is kept,
   * marked stale: it is no longer served as the current one (the next read, or the stream's
   * message, computes again), but a reader that names its version (`wanted`: a page reading
   * the version a message announced) still gets it, as it gets any of the KEPT_VERSIONS
   * answers before it for KEPT_MS. A page that got a message and reads after one or more
   * changes thus costs no computation: one per change, the message's.
   */
  private shared(key: string, load: () => Promise<LiveAnswer>, wanted?: string): Promise<LiveAnswer> {
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && wanted !== undefined) {
      const named = hit.version === wanted ? hit : hit.older.find((kept) => kept.version === wanted);
      if (named && now - named.at < KEPT_MS) return named.answer;
    }
    const fresh = current(hit, now, FRESH_MS);
    if (fresh) return fresh;
    this.computations[key.startsWith('match:') ? 'match' : 'round']++;
    return this.remember(key, now, load());
  }

  /** Caches an answer being computed (the ones it replaces kept for the readers that name them) and returns it. */
  private remember(key: string, now: number, answer: Promise<LiveAnswer>): Promise<LiveAnswer> {
    const hit = this.cache.get(key);
    const replaced = hit?.version !== undefined ? [{ at: hit.at, version: hit.version, answer: hit.answer }] : [];
    const older = [...replaced, ...(hit?.older ?? [])].filter((kept) => now - kept.at < KEPT_MS).slice(0, KEPT_VERSIONS);
    const entry: CachedAnswer = { at: now, stale: false, answer, older };
    entry.answer.then(
      (answer) => (entry.version = answer.version),
      // A failed read (404, database away) is not shared.
      () => this.cache.get(key) === entry && this.cache.delete(key),
    );
    this.cache.delete(key);
    makeRoomFor(this.cache, key, 500);
    this.cache.set(key, entry);
    return entry.answer;
  }
}
