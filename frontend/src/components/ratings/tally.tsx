import Link from 'next/link';
import type { Schemas } from '@/lib/api-core';
import { GAME_KINDS } from '@/lib/vocabulary';

type Tally = Schemas['TallyDto'];
type PlayerRef = Schemas['PlayerRefDto'];

/** A count that may be unknown (sets entered as totals only): "onbekend", never 0. */
export function count(value: number | null): string {
  return value === null ? 'onbekend' : String(value);
}

export function percent(value: number | null): string {
  return value === null ? '–' : `${value.toFixed(1).replace('.', ',')} %`;
}

/** A player's name, linked to their page when published ("speler van <club>" otherwise, without a link). */
export function PlayerName({ player }: { player: PlayerRef }) {
  return player.id ? (
    <Link href={`/spelers/${player.id}`} className="text-brand-700 hover:underline">
      {player.name}
    </Link>
  ) : (
    <span>{player.name}</span>
  );
}

/** The statistics of a tally as a definition list; game counts only over sets entered game by game. */
export function TallyList({ tally }: { tally: Tally }) {
  const rows: [string, string][] = [
    ['Sets', `${tally.sets} (${tally.won} gewonnen, ${tally.drawn} gelijk, ${tally.lost} verloren)`],
    ['Setpunten', `${tally.pointsFor} – ${tally.pointsAgainst} (${percent(tally.pointsShare)})`],
    ['Partijen gewonnen / verloren', `${count(tally.gamesWon)} / ${count(tally.gamesLost)}`],
    ['Kap gemaakt / tegen', `${count(tally.kaps)} / ${count(tally.kapsConceded)}`],
    ['Baunie gemaakt / tegen', `${count(tally.baunies)} / ${count(tally.bauniesConceded)}`],
    [GAME_KINDS.FAILED_BAUNIE.choice, count(tally.failedBaunies)],
    ['Strafpunten tegen', count(tally.penalties)],
  ];
  return (
    <div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {tally.setsWithGames < tally.sets && (
        <p className="mt-2 text-xs text-stone-600">
          Partijen, kap en baunie geteld over {tally.setsWithGames} van de {tally.sets} sets: de andere sets zijn alleen als settotaal ingevoerd.
        </p>
      )}
    </div>
  );
}
