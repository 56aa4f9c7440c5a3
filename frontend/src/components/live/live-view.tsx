// The public live pages (issue 15): a match, or every match of a round (a match night), as the
// tables sign their sets. Server-rendered HTML only; /live.js (progressive enhancement) swaps
// the part marked data-live-root (which names the version it shows, data-live-version) after
// each Server-Sent Event that brings another version, and without JavaScript the page
// reloads itself (LiveRefresh). Players by family name only (Regel 15).
import Head from 'next/head';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { Schemas } from '@/lib/api-core';
import { cn } from '@/lib/cn';
import { CORRECTED_SET, DECIDED_SET, finalitySentence, SET_STATES } from '@/lib/vocabulary';

export type LiveMatch = Schemas['LiveMatchDto'];
type LiveTable = LiveMatch['sets'][number]['tables'][number];

/** Seconds between reloads of a page without JavaScript. */
export const REFRESH_SECONDS = 30;

const STATE: Record<LiveMatch['state'], { label: string; tone: 'neutral' | 'info' | 'warn' | 'good' | 'bad' }> = {
  NOT_STARTED: { label: 'Nog niet begonnen', tone: 'neutral' },
  IN_PROGRESS: { label: 'Bezig', tone: 'info' },
  // The words come with the match (finality): "compleet, wordt definitief om 22:41".
  COMPLETE: { label: 'Compleet', tone: 'info' },
  CONFIRMED: { label: 'Definitief', tone: 'good' },
  NOT_PLAYED: { label: 'Niet gespeeld', tone: 'bad' },
};

const SEAT_NOTE: Partial<Record<LiveTable['state'], string>> = {
  DECIDED: DECIDED_SET.short,
  CREDITED: SET_STATES.CREDITED.short,
  DISPUTED: SET_STATES.DISPUTED.short,
};

/** What a table's cell says beside (or instead of) its score: corrected, decided, credited, disputed. */
function seatNote(table: LiveTable): string | undefined {
  return table.corrected ? CORRECTED_SET.short : SEAT_NOTE[table.state];
}

/** "21:34" in the Netherlands. */
export function clockTime(date = new Date()): string {
  return new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(date);
}

/** The match's state: how far the tables are, and how it becomes (or became) final in the API's words. */
export function stateLabel(match: LiveMatch): string {
  if (match.state === 'IN_PROGRESS') return `Bezig: ${match.publicSeats} van ${match.totalSeats} sets ondertekend`;
  if (match.finality && match.state !== 'NOT_STARTED') return finalitySentence(match.finality);
  return STATE[match.state].label;
}

function score(home: number | null, away: number | null): string {
  return home === null || away === null ? '–' : `${home}–${away}`;
}

/**
 * The page's head and script: a reload every 30 s without JavaScript (a <meta refresh>
 * inside <noscript>, so it does nothing when the script runs), /live.js with it. `big`: the
 * large type view for a screen at the venue, without the site's menu and footer.
 */
export function LiveShell({ big, children }: { big: boolean; children: ReactNode }) {
  return (
    <>
      <Head>
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
        {big && <style>{'#__next > header, #__next > footer, #__next > a[href="#inhoud"] { display: none } #inhoud { max-width: none; padding: 1rem 2rem }'}</style>}
      </Head>
      {children}
      <p data-live-status className={cn('text-stone-500', big ? 'mt-2 text-lg' : 'mt-6 text-sm')}>
        Bijgewerkt om {clockTime()}. Deze pagina ververst zichzelf.
      </p>
      <script src="/live.js" defer />
    </>
  );
}

export function LiveNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <p role="note" className="rounded-md bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-200">
      {notice}
    </p>
  );
}

/** A team's name: wraps between words only; a word too wide for its column ends in "…", never breaks. */
const TEAM_NAME = 'min-w-0 overflow-hidden text-ellipsis font-bold break-normal hyphens-none text-brand-900';
const BIG_TEAM_NAME = 'text-[clamp(1.25rem,2.1vw,3rem)] leading-tight';

/** Team names and the running score, large. */
export function Scoreline({ match, big, level = 1 }: { match: LiveMatch; big: boolean; level?: 1 | 2 }) {
  const state = STATE[match.state];
  const Title = level === 1 ? 'h1' : 'h2';
  return (
    // A name wraps between its words only, never inside one (overflow-wrap and hyphens off): on a
    // phone the names share the top row and the score has the row below to itself (as on the venue
    // screen), so each name gets half the card; a single word wider than that is cut with "…"
    // (the full name stays in the title and the page's heading). The score never wraps. `big`
    // sizes follow the screen (vw), so every match of a round fits one TV screen and a phone alike.
    <div className={cn('grid items-center gap-3', big ? 'grid-cols-2' : 'grid-cols-2 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)]')}>
      <Title data-team-name title={match.homeTeam.name} className={cn(TEAM_NAME, big ? BIG_TEAM_NAME : level === 1 ? 'text-xl sm:text-2xl' : 'text-lg')}>
        {match.homeTeam.name}
      </Title>
      <div className={cn('min-w-0 text-center', big ? 'order-last col-span-2' : 'order-last col-span-2 sm:order-none sm:col-span-1')}>
        <p aria-label="Stand" data-live-score className={cn('font-bold whitespace-nowrap tabular-nums text-stone-900', big ? 'text-[clamp(3rem,6vw,8rem)] leading-none' : 'text-4xl')}>
          {match.scoresHidden ? '·' : score(match.homePoints, match.awayPoints)}
        </p>
        {match.unsigned && (
          <p data-live-unsigned className={cn('text-stone-600', big ? 'text-[clamp(0.8rem,1vw,1.25rem)]' : 'text-xs')}>
            {match.unsigned}
          </p>
        )}
        {big ? <p className="mt-2 text-[clamp(0.9rem,1.1vw,1.5rem)] font-medium text-stone-700">{stateLabel(match)}</p> : <Badge tone={state.tone}>{stateLabel(match)}</Badge>}
      </div>
      <p data-team-name title={match.awayTeam.name} className={cn(TEAM_NAME, 'text-right', big ? BIG_TEAM_NAME : level === 1 ? 'text-xl sm:text-2xl' : 'text-lg')}>
        {match.awayTeam.name}
      </p>
    </div>
  );
}

function TableRow({ table, big }: { table: LiveTable; big: boolean }) {
  const names = (list: string[], pair: number) => (list.length ? list.join(' / ') : `koppel ${pair}`);
  // Family names wrap between names (never inside one; a name wider than its column ends in
  // "…"), the score in the middle keeps its width and never wraps ("19–5", not "19–/5").
  const name = 'min-w-0 overflow-hidden text-ellipsis break-normal hyphens-none';
  return (
    <li className={cn('grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 px-3 py-1.5', big ? 'text-base sm:text-xl' : 'text-sm')}>
      <span className={name}>
        <span className="text-stone-500">T{table.tableNumber} </span>
        {names(table.homeNames, table.homePairNumber)}
      </span>
      <span data-seat-score className={cn('min-w-16 text-center font-semibold whitespace-nowrap tabular-nums', big && 'text-2xl sm:text-3xl')}>
        {table.state === 'OPEN' ? (
          <span className="text-stone-500" title="nog niet ondertekend">
            –<span className="sr-only"> nog niet ondertekend</span>
          </span>
        ) : table.state === 'DISPUTED' ? (
          <span className="text-red-800" title={SET_STATES.DISPUTED.short}>
            {SET_STATES.DISPUTED.mark}
          </span>
        ) : (
          score(table.homePoints, table.awayPoints)
        )}
        {seatNote(table) && <span className={cn('block text-xs font-normal whitespace-normal', table.state === 'DISPUTED' ? 'text-red-800' : table.corrected ? 'text-sky-800' : 'text-stone-500')}>{seatNote(table)}</span>}
      </span>
      <span className={cn(name, 'text-right')}>{names(table.awayNames, table.awayPairNumber)}</span>
    </li>
  );
}

/** Every set with its tables: who sits where and what they signed. */
export function LiveSets({ match, big }: { match: LiveMatch; big: boolean }) {
  return (
    <div className={cn('grid gap-4', big ? 'lg:grid-cols-2 2xl:grid-cols-3' : 'lg:grid-cols-2')}>
      {match.sets.map((set) => (
        <section key={set.setNumber} aria-label={`Set ${set.setNumber}`} className="overflow-hidden rounded-lg bg-white ring-1 ring-stone-200">
          <div className={cn('flex items-baseline justify-between bg-stone-50 px-3 py-2 font-semibold', big ? 'text-2xl' : 'text-sm')}>
            <span>Set {set.setNumber}</span>
            <span className="whitespace-nowrap tabular-nums text-brand-900">{score(set.homePoints, set.awayPoints)}</span>
          </div>
          <ol className="divide-y divide-stone-100">
            {set.tables.map((table) => (
              <TableRow key={table.tableNumber} table={table} big={big} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** One match of a match night: its score and a set × table grid of what is signed. */
export function MatchGrid({ match, big }: { match: LiveMatch; big: boolean }) {
  const tables = match.sets[0]?.tables.map((t) => t.tableNumber) ?? [];
  return (
    <div className="overflow-x-auto">
      <table className={cn('mt-3 w-full border-collapse text-center tabular-nums whitespace-nowrap', big ? 'text-[clamp(0.9rem,1.25vw,1.75rem)]' : 'text-sm')}>
        <caption className="sr-only">
          {match.homeTeam.name} – {match.awayTeam.name}: sets en tafels
        </caption>
        <thead>
          <tr className="text-stone-500">
            <th scope="col" className="px-1 py-1 text-left font-medium">
              Set
            </th>
            {tables.map((t) => (
              <th key={t} scope="col" className="px-1 py-1 font-medium">
                T{t}
              </th>
            ))}
            <th scope="col" className="px-2 py-1 font-medium">
              Set
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {match.sets.map((set) => (
            <tr key={set.setNumber}>
              <th scope="row" className="px-1 py-1 text-left font-medium">
                {set.setNumber}
              </th>
              {set.tables.map((t) => (
                <td key={t.tableNumber} data-seat-state={t.state} className={cn('px-1 py-1', t.state === 'OPEN' && 'text-stone-500', t.state === 'DISPUTED' && 'text-red-800', t.corrected && 'text-sky-800')}>
                  {t.state === 'OPEN' ? (
                    <>
                      ·<span className="sr-only"> nog niet ondertekend</span>
                    </>
                  ) : t.state === 'DISPUTED' ? (
                    <span title={SET_STATES.DISPUTED.short}>
                      {SET_STATES.DISPUTED.mark}
                      <span className="sr-only"> {SET_STATES.DISPUTED.short}</span>
                    </span>
                  ) : (
                    score(t.homePoints, t.awayPoints)
                  )}
                  {t.corrected && (
                    <span title={CORRECTED_SET.short}>
                      {CORRECTED_SET.mark}
                      <span className="sr-only"> {CORRECTED_SET.short}</span>
                    </span>
                  )}
                </td>
              ))}
              <td className="px-1 py-1 font-semibold">{score(set.homePoints, set.awayPoints)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <GridLegend match={match} big={big} />
    </div>
  );
}

/** Under a grid with a disputed or a corrected set: what its marks mean. */
function GridLegend({ match, big }: { match: LiveMatch; big: boolean }) {
  const tables = match.sets.flatMap((s) => s.tables);
  const marks = [
    tables.some((t) => t.state === 'DISPUTED') && `${SET_STATES.DISPUTED.mark} ${SET_STATES.DISPUTED.short}`,
    tables.some((t) => t.corrected) && `${CORRECTED_SET.mark} ${CORRECTED_SET.short}`,
  ].filter((x): x is string => Boolean(x));
  if (marks.length === 0) return null;
  const open = tables.some((t) => t.state === 'OPEN') ? ['· nog niet ondertekend'] : [];
  return <p className={cn('mt-1 text-stone-600', big ? 'text-[clamp(0.8rem,1vw,1.25rem)]' : 'text-xs')}>{[...open, ...marks].join(' · ')}</p>;
}
