/**
 * The seats the rules score (RULES.md "The match": Regel 5B/5C/12A absent and late pairs,
 * Regel 14 substitution violations, Regel 38 removed players), brought up to date after every
 * command; a table's entry a credit covers is kept and comes back as it was when the credit
 * goes while the same players sit there (RULES.md "An undo restores exactly what was there").
 */
import { matchCredits } from './match-facts';
import { seatKey } from './match-result';
import { blankSeat, bySeat, CoreSettings, gameOf, MatchEvent, MatchState, PLAYED_SOURCES, RULE_CREDIT_SOURCES, Seat, StateTeam, storedGames, teamFactsOf } from './match-state';
import { tablePlan } from './rotation';
import { setTotalsFromGames } from './scores';
import { Side, SIDES } from './side';
import { isRegel4Violation } from './substitutions';
import { removalGames } from './supervisor-actions';

/**
 * The seats the rules score, brought up to date with the line-ups, substitutions and
 * removals (Regel 5B/5C/12A, 14, 38): a credited seat replaces whatever a person entered
 * there, a credit that no longer applies goes, each substitution's violation is recorded,
 * and a seat where a removed player's pair lost the later games is completed 2–0 (an entry
 * of set totals cannot be split and goes). Matches that were not played keep their seats.
 */
export function settleCredits(state: MatchState, settings: CoreSettings, before: Pick<MatchState, 'teams'> = state): { state: MatchState; events: MatchEvent[] } {
  if (state.status !== 'SCHEDULED' && state.status !== 'PLAYED') return { state, events: [] };
  const { credited, checks, partial } = matchCredits(teamFactsOf(state), settings);
  const teams = { ...state.teams };
  for (const side of SIDES) {
    const subs = state.teams[side].substitutions.map((s, i) => {
      const check = checks[side][i];
      let violation = check.legal ? null : check.reasons.join(' ');
      // Regel 4 once seen stays seen (RULES.md): a line-up saved afterwards with the player among the reserves does not undo it.
      // (Merged once: a violation already named in it is not added again on every later command.)
      if (isRegel4Violation(s.violation) && !isRegel4Violation(violation)) violation = violation && !s.violation!.includes(violation) ? `${s.violation} ${violation}` : s.violation;
      return s.violation === violation ? s : { ...s, violation };
    });
    teams[side] = { ...state.teams[side], substitutions: subs };
  }
  const wanted = new Map(credited.map((c) => [seatKey(c.setNumber, c.tableNumber), c]));
  const same = (seat: Seat) => {
    const credit = wanted.get(seatKey(seat.setNumber, seat.tableNumber));
    return credit !== undefined && credit.source === seat.source && credit.homePoints === seat.homePoints && credit.awayPoints === seat.awayPoints;
  };
  // A table's entry a credit covers is kept aside, with who sat there when it was played, and
  // comes back as it was when the credit goes while the same players sit there (an undo); when
  // others sit there now (Regel 38A: a substitute came in), the set is played again.
  const displaced = new Map((state.displaced ?? []).map((seat) => [seatKey(seat.setNumber, seat.tableNumber), seat]));
  let seats = state.seats.filter((seat) => {
    if (RULE_CREDIT_SOURCES.includes(seat.source)) return same(seat);
    if (!PLAYED_SOURCES.includes(seat.source)) return true;
    const key = seatKey(seat.setNumber, seat.tableNumber);
    if (!wanted.has(key)) return true;
    displaced.set(key, { ...seat, seating: seatSeating(before.teams, seat) });
    return false;
  });
  const taken = new Set(seats.map((s) => seatKey(s.setNumber, s.tableNumber)));
  const added = credited.filter((c) => !taken.has(seatKey(c.setNumber, c.tableNumber)));
  seats = [...seats, ...added.map(({ source, ...result }) => blankSeat(result, source))];
  const restored: Seat[] = [];
  for (const [key, { seating, ...seat }] of displaced) {
    if (wanted.has(key)) continue;
    if (taken.has(key)) {
      // Played and entered again: the kept entry is superseded.
      displaced.delete(key);
    } else if (seating === seatSeating(teams, seat)) {
      displaced.delete(key);
      restored.push(seat);
    }
    // Otherwise others sit there now (Regel 38A: a substitute came in): the set is played again, and the entry stays
    // kept in case the substitution is withdrawn.
  }
  seats = [...seats, ...restored];
  for (const loss of partial) {
    const seat = seats.find((s) => s.setNumber === loss.setNumber && s.tableNumber === loss.tableNumber && PLAYED_SOURCES.includes(s.source));
    if (!seat) continue;
    const completed = seat.source === 'TOTALS' ? null : removalGames(seat.games.map(gameOf), loss, settings.gamesPerSet);
    if (completed === null || 'error' in completed) {
      seats = seats.filter((s) => s !== seat);
      continue;
    }
    const games = storedGames(completed.games);
    if (JSON.stringify(games) === JSON.stringify(seat.games)) continue;
    seats = seats.map((s) => (s === seat ? { ...seat, games, ...setTotalsFromGames(completed.games) } : s));
  }
  seats.sort(bySeat);
  const events = [
    ...added.map((c): MatchEvent => ({ kind: 'SEAT_CREDITED', setNumber: c.setNumber, tableNumber: c.tableNumber })),
    ...restored.map((c): MatchEvent => ({ kind: 'SEAT_RESTORED', setNumber: c.setNumber, tableNumber: c.tableNumber })),
  ];
  const kept = [...displaced.values()].sort(bySeat);
  const unchanged = kept.length === (state.displaced ?? []).length && kept.every((seat, i) => seat === state.displaced![i]);
  return { state: { ...state, teams, seats, ...(unchanged ? {} : { displaced: kept }) }, events };
}

/** Who sat at a seat (both pairs, after the substitutions up to its set): whether a kept entry still belongs there. */
export function seatSeating(teams: Record<Side, Pick<StateTeam, 'lineup' | 'substitutions'>>, seat: Pick<Seat, 'setNumber' | 'homePairNumber' | 'awayPairNumber'>): string {
  const pair = (side: Side, pairNumber: number) => {
    const { lineup, substitutions } = teams[side];
    const found = lineup?.pairs.find((p) => p.pairNumber === pairNumber && (p.fromSet ?? 1) <= seat.setNumber);
    if (!found) return null;
    let players = [...found.players];
    for (const sub of substitutions) if (sub.pairNumber === pairNumber && sub.setNumber <= seat.setNumber) players = players.map((id) => (id === sub.outPlayerId ? sub.inPlayerId : id));
    return players.sort();
  };
  return JSON.stringify([pair('HOME', seat.homePairNumber), pair('AWAY', seat.awayPairNumber)]);
}

/** Every seat of the table plan has a score. */
export function seatsComplete(state: Pick<MatchState, 'seats'>, settings: Pick<CoreSettings, 'pairsPerTeam'>): boolean {
  const have = new Set(state.seats.map((s) => seatKey(s.setNumber, s.tableNumber)));
  return tablePlan(settings.pairsPerTeam).every((s) => have.has(seatKey(s.setNumber, s.tableNumber)));
}

/** The scores of the seats (not who entered or signed them): what a signature or a confirmation stands for. */
export function seatScores(state: Pick<MatchState, 'seats'>): string {
  return JSON.stringify(state.seats.map((s) => [s.setNumber, s.tableNumber, s.source, s.homePoints, s.awayPoints, s.games]));
}
