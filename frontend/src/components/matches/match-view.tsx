// Read-only pieces of a match, shared by the public page and the secretary's and
// administrator's screens. Players appear by family name only (Regel 15).
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card, EmptyState } from '@/components/ui/layout';
import { Table, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { finalitySentence, GAME_KINDS } from '@/lib/vocabulary';
import {
  FORFEIT_CAUSE_LABELS,
  GAME_KIND_SHORT,
  longDate,
  MatchDetail,
  matchStateBadge,
  pairNames,
  scoreText,
  Seat,
  seatsOfSet,
  setNumbers,
  SOURCE_LABELS,
  winnerText,
} from './labels';

export function MatchHeader({ match, actions }: { match: MatchDetail; actions?: ReactNode }) {
  const badge = matchStateBadge(match);
  const winner = winnerText(match);
  const forfeiting = match.forfeitingTeamId === match.homeTeam.id ? match.homeTeam : match.forfeitingTeamId ? match.awayTeam : null;
  return (
    <header className="mb-6 rounded-lg bg-white p-4 ring-1 ring-stone-200">
      <p className="text-sm text-stone-600">
        {match.divisionName} · ronde {match.round} · seizoen {match.seasonName}
      </p>
      <h1 className="mt-1 text-xl font-bold text-brand-900 sm:text-2xl">
        {match.homeTeam.name} <span className="font-normal text-stone-500">–</span> {match.awayTeam.name}
      </h1>
      <p className="mt-1 text-sm text-stone-700">
        {longDate(match.date)}, {match.startTime} uur{match.venue ? ` · ${match.venue}` : ''}
        {match.city ? `, ${match.city}` : ''}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {/* The score every screen shows (before final: the sets that count, the unsigned work apart). */}
        {(match.score.homePoints !== null || match.score.unsigned) && (
          <span className="text-3xl font-bold tabular-nums text-stone-900" aria-label="Stand">
            {scoreText(match.score)}
          </span>
        )}
        {match.score.unsigned && (
          <span className="text-sm text-stone-600" aria-label="Nog niet ondertekend">
            {match.score.unsigned}
          </span>
        )}
        <Badge tone={badge.tone}>{badge.label}</Badge>
        {winner && <span className="font-semibold text-green-800">{winner}</span>}
      </div>
      {(match.homeIneligible || match.awayIneligible) && (
        <p className="mt-2 text-sm text-red-800">
          Regel 4: {[match.homeIneligible && match.homeTeam.name, match.awayIneligible && match.awayTeam.name].filter(Boolean).join(' en ')} zette een niet-speelgerechtigde speler in.
        </p>
      )}
      {forfeiting && (
        <p className="mt-2 text-sm text-red-800">
          {forfeiting.name} verloor reglementair{match.forfeitCause ? `: ${FORFEIT_CAUSE_LABELS[match.forfeitCause]}` : ''}.
        </p>
      )}
      {match.statusReason && <p className="mt-1 text-sm text-stone-700">Toelichting van de bond: {match.statusReason}</p>}
      {match.dispute && (
        <p role="note" aria-label="Betwist" className="mt-2 rounded-md bg-red-50 p-2 text-sm text-red-900 ring-1 ring-red-200">
          <strong>Betwist door {match.awayTeam.name}{match.dispute.comment ? ':' : ''}</strong> {match.dispute.comment}
          <span className="block text-xs text-red-800">
            {formatDate(match.dispute.disputedAt)} · de wedstrijdleider beslist; zijn beslissing maakt de uitslag definitief.
          </span>
        </p>
      )}
      {match.finality && (
        <p role="status" aria-label="Definitief" className={`mt-2 text-sm ${match.resultState === 'CONFIRMED' ? 'font-semibold text-green-800' : 'text-stone-700'}`}>
          {finalitySentence(match.finality)}
          {match.resultState !== 'CONFIRMED' && ' (tot dan telt de uitslag nog niet in de stand)'}
        </p>
      )}
      {match.correction && <CorrectionNote correction={match.correction} />}
      {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/** A locked result changed afterwards (Regel 15): who decided (by role, no names), when and why. */
export function CorrectionNote({ correction }: { correction: NonNullable<MatchDetail['correction']> }) {
  return (
    <p role="note" aria-label="Gecorrigeerd" className="mt-2 rounded-md bg-sky-50 p-2 text-sm text-sky-950 ring-1 ring-sky-200">
      <strong>{correction.by === 'ADMIN' ? 'Gecorrigeerd door de bond' : 'Gecorrigeerd door de wedstrijdleider'}</strong> op {formatDate(correction.correctedAt)}: {correction.reason}
    </p>
  );
}

/** What one side scored at a seat, game by game: "kap · gew.". */
function gamesOf(seat: Seat, side: Seat['games'][number]['winner']): string {
  return seat.games
    .filter((g) => g.winner === side)
    .map((g) => (g.kind === 'PENALTY' ? `${GAME_KINDS.PENALTY.short} R${g.penaltyRule} (${g.points})` : GAME_KIND_SHORT[g.kind]))
    .join(' · ');
}

function setTotal(seats: Seat[]): string {
  if (seats.some((s) => s.homePoints === null)) return '';
  return `${seats.reduce((sum, s) => sum + (s.homePoints ?? 0), 0)}–${seats.reduce((sum, s) => sum + (s.awayPoints ?? 0), 0)}`;
}

function SeatRow({ match, seat }: { match: MatchDetail; seat: Seat }) {
  return (
    <li className={cn('px-3 py-2', seat.credited && 'bg-amber-50')}>
      <p className="text-xs text-stone-500">
        Tafel {seat.tableNumber} · koppel {seat.homePairNumber} – koppel {seat.awayPairNumber}
      </p>
      <div className="grid grid-cols-[1fr_auto_1fr] items-start gap-2">
        <div className="text-sm">
          {pairNames(match.homeLineup, seat.homePairNumber) ?? `Koppel ${seat.homePairNumber}`}
          <span className="block text-xs text-stone-500">{gamesOf(seat, 'HOME')}</span>
        </div>
        <div className="min-w-14 text-center text-lg font-semibold tabular-nums">{seat.homePoints === null ? '–' : `${seat.homePoints}–${seat.awayPoints}`}</div>
        <div className="text-right text-sm">
          {pairNames(match.awayLineup, seat.awayPairNumber) ?? `Koppel ${seat.awayPairNumber}`}
          <span className="block text-xs text-stone-500">{gamesOf(seat, 'AWAY')}</span>
        </div>
      </div>
      {seat.credited && seat.source && <p className="text-center text-xs text-amber-900">Bepaald door de regels: {SOURCE_LABELS[seat.source]}</p>}
    </li>
  );
}

/** Score per set and table: who sat where and what they scored. */
export function SetScores({ match }: { match: MatchDetail }) {
  if (!match.sets.some((s) => s.homePoints !== null)) {
    return <EmptyState title="Nog geen uitslag.">De secretaris van {match.homeTeam.name} voert de uitslag set voor set in; daarna bevestigt {match.awayTeam.name}.</EmptyState>;
  }
  const sources = [...new Set(match.sets.map((s) => s.source))];
  if (match.sets.every((s) => s.credited) && sources.length === 1 && sources[0]) {
    return (
      <p className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200">
        Alle sets aan alle tafels zijn toegekend volgens de regels ({SOURCE_LABELS[sources[0]]}): {scoreText(match)}.
      </p>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {setNumbers(match).map((setNumber) => {
        const seats = seatsOfSet(match, setNumber);
        const total = setTotal(seats);
        return (
          <section key={setNumber} aria-label={`Set ${setNumber}`} className="overflow-hidden rounded-lg bg-white ring-1 ring-stone-200">
            <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 bg-stone-50 px-3 py-2 text-sm font-semibold">
              <span className="truncate">{match.homeTeam.name}</span>
              <span className="min-w-14 text-center">
                Set {setNumber}
                {total && <span className="block tabular-nums text-brand-900">{total}</span>}
              </span>
              <span className="truncate text-right">{match.awayTeam.name}</span>
            </div>
            <ol className="divide-y divide-stone-100">
              {seats.map((seat) => (
                <SeatRow key={seat.tableNumber} match={match} seat={seat} />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}

/** The table plan (Regel 22): home pairs stay at their table, the away pairs walk on after every set. */
export function TablePlan({ match }: { match: MatchDetail }) {
  const tables = setNumbers(match);
  return (
    <div>
      <Table caption="Tafelschema">
        <thead>
          <tr>
            <Th className="px-2">Set</Th>
            {tables.map((t) => (
              <Th key={t} className="px-2 text-center">
                <span className="sr-only">Tafel </span>
                <span aria-hidden>T</span>
                {t}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {setNumbers(match).map((setNumber) => (
            <tr key={setNumber}>
              <Td className="px-2 font-medium">{setNumber}</Td>
              {seatsOfSet(match, setNumber).map((seat) => (
                <Td key={seat.tableNumber} className="whitespace-nowrap px-2 text-center tabular-nums">
                  {seat.homePairNumber}–{seat.awayPairNumber}
                </Td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="mt-2 text-xs text-stone-600">
        T = tafel; per tafel thuiskoppel–uitkoppel. De thuiskoppels blijven aan hun tafel; de uitkoppels lopen na elke set één tafel door, van de laatste tafel terug naar
        tafel 1 (Regel 22).
      </p>
    </div>
  );
}

function LineupList({ title, lineup }: { title: string; lineup: MatchDetail['homeLineup'] }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      {!lineup ? (
        <p className="text-sm text-stone-600">Nog geen spelerslijst.</p>
      ) : (
        <>
          <ol className="mt-1 space-y-0.5 text-sm">
            {lineup.pairs.map((pair) => (
              <li key={pair.pairNumber}>
                <span className="text-stone-500">Koppel {pair.pairNumber}:</span> {pair.names.join(' / ')}
                {pair.fromSet > 1 && <span className="text-stone-500"> (vanaf set {pair.fromSet})</span>}
              </li>
            ))}
          </ol>
          {lineup.reserves.length > 0 && <p className="mt-1 text-sm text-stone-600">Reserves: {lineup.reserves.join(', ')}</p>}
        </>
      )}
    </div>
  );
}

/** Both teams' pairs, reserves and substitutions, by family name. */
export function LineupsAndSubstitutions({ match }: { match: MatchDetail }) {
  const teamName = (teamId: string) => (teamId === match.homeTeam.id ? match.homeTeam.name : match.awayTeam.name);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <LineupList title={match.homeTeam.name} lineup={match.homeLineup} />
        <LineupList title={match.awayTeam.name} lineup={match.awayLineup} />
      </div>
      {match.substitutions.length > 0 && (
        <div>
          <h3 className="font-semibold">Wissels</h3>
          <ul className="mt-1 space-y-0.5 text-sm">
            {match.substitutions.map((sub) => (
              <li key={sub.id}>
                {teamName(sub.teamId)}, set {sub.setNumber}, koppel {sub.pairNumber}: {sub.inName} voor {sub.outName}
                {sub.violation && <span className="text-red-800"> — niet toegestaan: {sub.violation}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** Moves, deductions and signatures: the match's paper trail. */
export function MatchFacts({ match }: { match: MatchDetail }) {
  const teamName = (teamId: string) => (teamId === match.homeTeam.id ? match.homeTeam.name : match.awayTeam.name);
  const { homeSignedAt, awaySignedAt } = match.signatures;
  const items: ReactNode[] = [
    ...match.moves.map((m, i) => (
      <li key={`m${i}`}>
        {m.swapped ? 'Thuis en uit omgedraaid' : `Verplaatst van ${formatDate(m.fromDate)} naar ${formatDate(m.toDate)}`}: {m.reason}
      </li>
    )),
    ...match.deductions.map((d, i) => (
      <li key={`d${i}`} className="text-red-800">
        {teamName(d.teamId)}: {d.points} competitiepunten aftrek (Regel {d.rule}) — {d.reason}
      </li>
    )),
  ];
  if (homeSignedAt) items.push(<li key="home">Ondertekend door {match.homeTeam.name} op {formatDate(homeSignedAt)}</li>);
  if (awaySignedAt) items.push(<li key="away">Bevestigd door {match.awayTeam.name} op {formatDate(awaySignedAt)}</li>);
  if (items.length === 0) return null;
  return (
    <Card title="Bijzonderheden">
      <ul className="space-y-1 text-sm">{items}</ul>
    </Card>
  );
}

/** The printable form, the score slips per table and, for people behind a login, the public page. */
export function MatchLinks({ matchId, publicPage = true }: { matchId: string; publicPage?: boolean }) {
  return (
    <>
      <a className={buttonClass('secondary')} href={`/api/matches/${matchId}/form.pdf`} target="_blank" rel="noopener">
        Wedstrijdformulier (PDF)
      </a>
      <a className={buttonClass('secondary')} href={`/api/matches/${matchId}/score-slips.pdf`} target="_blank" rel="noopener">
        Scorebriefjes per tafel (PDF)
      </a>
      {publicPage && (
        <Link className={buttonClass('ghost')} href={`/wedstrijden/${matchId}`}>
          Openbare wedstrijdpagina
        </Link>
      )}
    </>
  );
}

/** Scores per set and table, the pairs, the table plan and the facts: the body of every match page. */
export function MatchBody({ match, children }: { match: MatchDetail; children?: ReactNode }) {
  return (
    <>
      <section aria-labelledby="uitslag">
        <h2 id="uitslag" className="mb-3 text-lg font-semibold text-brand-900">
          Uitslag per set en tafel
        </h2>
        <SetScores match={match} />
      </section>
      <Card title="Koppels">
        <LineupsAndSubstitutions match={match} />
      </Card>
      {children}
      <Card title="Tafelschema">
        <TablePlan match={match} />
      </Card>
      <MatchFacts match={match} />
    </>
  );
}
