import Link from 'next/link';
import { Table, Td, Th } from '@/components/ui/table';
import type { Schemas } from '@/lib/api-server';
import { cn } from '@/lib/cn';
import { WORDS } from '@/lib/vocabulary';

type Standings = Schemas['StandingsDto'];
type Row = Standings['rows'][number];

/**
 * After place, team, played and CP (first, so a phone shows them without scrolling sideways).
 * One points column: CP is what counts, after any deduction (Aftrek shows what was taken off).
 */
const COLUMNS: [label: string, meaning: string][] = [
  ['W', 'gewonnen'],
  ['GL', 'gelijk'],
  ['V', 'verloren'],
  ['Voor', 'punten voor'],
  ['Tegen', 'punten tegen'],
  ['Saldo', 'punten voor min tegen'],
  ['Aftrek', `afgetrokken ${WORDS.competitionPoints} (al van CP af)`],
];

/** Every abbreviated column with its meaning: shown under the table, since a tooltip (title) does not work on a phone. */
const ABBREVIATIONS: [label: string, meaning: string][] = [['#', 'plaats'], ['G', 'gespeeld'], [WORDS.competitionPointsShort, WORDS.competitionPoints], ...COLUMNS];

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** The tie-break note under a team: what placed it, or that a play-off is needed. */
function TieNote({ row }: { row: Row }) {
  if (!row.note) return null;
  return (
    <a
      href={`/reglement#${noteAnchor(row)}`}
      className={cn('block text-xs underline decoration-dotted underline-offset-2', row.playoffNeeded ? 'font-medium text-amber-800' : 'text-stone-500')}
    >
      {row.note}
    </a>
  );
}

/** Where the rules page (/reglement) explains the note. */
function noteAnchor(row: Row): string {
  if (row.playoffNeeded) return 'beslissingswedstrijd-nodig';
  switch (row.decidedBy) {
    case 'HEAD_TO_HEAD':
      return 'onderling';
    case 'DIFFERENCE':
      return 'saldo';
    case 'PLAYOFF':
      return 'beslissingswedstrijd';
    default:
      return 'gelijk';
  }
}

/** One division's standings, with the tie-break notes and the deductions with their reasons. */
export function StandingsTable({ standings, caption }: { standings: Standings; caption: string }) {
  const deducted = standings.rows.filter((r) => r.deductionDetails.length > 0);
  return (
    <div>
      <Table caption={caption} sticky={2}>
        <thead>
          <tr>
            <Th className="text-right">
              <span aria-hidden>#</span>
              <span className="sr-only">Plaats</span>
            </Th>
            <Th>Team</Th>
            <Th className="text-right">G</Th>
            <Th className="text-right">{WORDS.competitionPointsShort}</Th>
            {COLUMNS.map(([label]) => (
              <Th key={label} className="text-right">
                {label}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {standings.rows.map((row) => (
            <tr key={row.teamId} className={row.provisional ? 'bg-sky-50' : row.shared ? 'bg-amber-50' : undefined}>
              <Td className="text-right font-semibold tabular-nums">{row.position}</Td>
              <Td className="min-w-32">
                <Link prefetch={false} href={`/verenigingen/${row.clubId}#team-${row.teamId}`} className="font-medium text-brand-700 hover:underline">
                  {row.teamName}
                </Link>
                <TieNote row={row} />
                {row.provisional && <span className="block text-xs font-medium text-sky-800">voorlopig: wedstrijd bezig</span>}
              </Td>
              <Td className="text-right tabular-nums">{row.played}</Td>
              <Td className="text-right font-bold tabular-nums">
                {row.total}
                {row.deductions > 0 && <span className="text-red-700">*</span>}
              </Td>
              <Td className="text-right tabular-nums">{row.won}</Td>
              <Td className="text-right tabular-nums">{row.drawn}</Td>
              <Td className="text-right tabular-nums">{row.lost}</Td>
              <Td className="text-right tabular-nums">{row.pointsFor}</Td>
              <Td className="text-right tabular-nums">{row.pointsAgainst}</Td>
              <Td className="text-right tabular-nums">{signed(row.pointsDifference)}</Td>
              <Td className="text-right tabular-nums">
                {row.deductions > 0 ? (
                  <a href={`#aftrek-${standings.divisionId}`} className="text-red-700">
                    −{row.deductions}*
                  </a>
                ) : (
                  '0'
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className="mt-2 text-xs text-stone-600">
        {ABBREVIATIONS.map(([label, meaning], i) => (
          <span key={label}>
            {i > 0 && ' · '}
            <strong className="font-semibold">{label}</strong> {meaning}
          </span>
        ))}
        .<span className="sm:hidden"> Schuif de tabel opzij voor alle kolommen.</span>
      </p>
      {deducted.length > 0 && (
        <div id={`aftrek-${standings.divisionId}`} className="mt-2 text-sm text-stone-700">
          <p className="font-medium">* Aftrek van competitiepunten</p>
          <ul className="list-inside list-disc">
            {deducted.flatMap((row) =>
              row.deductionDetails.map((d, i) => (
                <li key={`${row.teamId}-${i}`}>
                  {row.teamName}: −{d.points} (Regel {d.rule}) {d.reason}
                </li>
              )),
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

/** "3 competitiepunten", "1 competitiepunt". */
const points = (n: number) => `${n} ${n === 1 || n === -1 ? 'competitiepunt' : 'competitiepunten'}`;

/**
 * How the table is ordered (Regel 8, 40, 41), once per page, with the settings the standings
 * were computed with (StandingsDto.settings): a season that changes them reads its own rules.
 */
export function StandingsLegend({ settings }: { settings: Standings['settings'] }) {
  const cancelled =
    settings.cancelledMatchPoints === 'FROM_AVERAGES'
      ? 'een door de bond afgelaste wedstrijd (Regel 8) krijgt als uitslag ieders gemiddelde score over de eerder gespeelde wedstrijden en telt daarmee als gespeeld (winst, gelijk of verlies)'
      : 'een door de bond afgelaste wedstrijd (Regel 8) telt alleen in de punten voor en tegen (ieders gemiddelde score), niet als gespeeld';
  return (
    <details className="mt-6 text-sm text-stone-700">
      <summary className="cursor-pointer font-medium">Hoe de stand wordt bepaald</summary>
      <p className="mt-2">
        Winst {points(settings.pointsWin)}, gelijkspel {points(settings.pointsDraw)}, verlies {points(settings.pointsLoss)} (Regel 40); aftrek gaat er vóór
        alles af. Bij gelijke punten beslist eerst het onderlinge resultaat (alleen de gespeelde wedstrijden tussen die teams, reglementair verloren wedstrijden
        meegerekend: competitiepunten, dan saldo), daarna het saldo van alle wedstrijden; blijft een deel van de teams dan gelijk, dan begint het voor hen opnieuw
        bij het onderlinge resultaat. Zijn teams dan nog gelijk, dan delen ze de plaats (<em>Gelijk</em>). Aan het einde van de competitie, als elke wedstrijd
        beslist is, beslist een beslissingswedstrijd (Regel 41): tot die gespeeld is, staat er <em>Beslissingswedstrijd nodig</em>. Onder een team staat wat
        zijn plaats bepaalde; de uitleg staat op de pagina <a className="underline" href="/reglement#gelijke-stand">Reglement</a>.
      </p>
      <p className="mt-2">
        G gespeeld, W gewonnen, GL gelijk, V verloren, Voor/Tegen punten voor en tegen, CP competitiepunten (na aftrek). Een reglementair verloren wedstrijd (Regel 7) telt als
        gespeeld; {cancelled}; een wedstrijd zonder tafelscherm (Regel 6) telt nergens.
      </p>
    </details>
  );
}
