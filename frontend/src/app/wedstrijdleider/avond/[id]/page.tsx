import Link from 'next/link';
import { notFound } from 'next/navigation';
import { countedScoreLine, GAME_KIND_SHORT, pairNames } from '@/components/matches/labels';
import { MatchHeader } from '@/components/matches/match-view';
import { MatchRemarks } from '@/components/matches/remarks';
import { loadMatch } from '@/components/matches/screens';
import { SupervisorActions } from '@/components/matches/supervisor-actions';
import { NightGrid } from '@/components/match-night/night-grid';
import { Badge } from '@/components/ui/badge';
import { Card, Forbidden, Note } from '@/components/ui/layout';
import { messageOf, requireRole, serverApi } from '@/lib/api-server';
import { nightSummary, setStateLabel } from '@/lib/match-night';
import { AutoRefresh } from '../auto-refresh';
import { OpenNight } from '@/components/match-night/night-actions';
import { ConsoleLatePair, ConsoleSubstitutions } from '@/components/match-night/console-facts';
import { ConsoleReserve } from '@/components/match-night/console-reserve';
import { DecisionForm } from './decision-form';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Speelavond: wedstrijd', manifest: '/manifest-console.webmanifest' };

/**
 * One match of the night for the supervisor: its tables and sets, the decision on a seat
 * (?set=&tafel=), the decisions at the table (Regel 22 wrong table, 38 player removed), and
 * who played, recorded here by the supervisor (with a reason) or by the secretaries and
 * checked by the rules: substitutions (Regel 13, 14), a reserve added after set 1 started
 * (Regel 5A, 13) and pairs that came late (Regel 5B, 5C).
 */
export default async function NightMatchPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ set?: string; tafel?: string; beslist?: string }> }) {
  const { me, allowed } = await requireRole('SUPERVISOR', 'ADMIN');
  if (!allowed) return <Forbidden message="Deze pagina is voor wedstrijdleiders." />;
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const match = await loadMatch(id);
  if (!match) notFound();
  const api = await serverApi();
  const [board, night, home, away, actions, season, remarks] = await Promise.all([
    api.GET('/api/matches/{id}/console', { params: { path: { id } } }),
    api.GET('/api/matches/{id}/night', { params: { path: { id } } }),
    api.GET('/api/matches/{id}/lineups/{teamId}', { params: { path: { id, teamId: match.homeTeam.id } } }),
    api.GET('/api/matches/{id}/lineups/{teamId}', { params: { path: { id, teamId: match.awayTeam.id } } }),
    api.GET('/api/matches/{id}/supervisor-actions', { params: { path: { id } } }),
    api.GET('/api/seasons/{id}', { params: { path: { id: match.seasonId } } }),
    api.GET('/api/matches/{id}/remarks', { params: { path: { id } } }),
  ]);
  const settings = season.data?.settings;
  const rules = {
    substitutionsFromSet: settings?.substitutionsFromSet ?? 3,
    maxSubstitutions: settings?.maxSubstitutions ?? 6,
    missingSetPoints: settings?.missingSetPoints ?? 8,
  };
  const here = `/wedstrijdleider/avond/${id}`;
  const setNumber = Number(query.set);
  const tableNumber = Number(query.tafel);
  const seat = board.data ? board.data.tables.find((t) => t.tableNumber === tableNumber)?.sets.find((s) => s.setNumber === setNumber) : undefined;
  const stored = match.sets.find((s) => s.setNumber === setNumber && s.tableNumber === tableNumber);
  const open = (match.status === 'PLAYED' || match.status === 'SCHEDULED') && match.resultState !== 'CONFIRMED';
  const lineups = [
    { label: 'Thuis', team: match.homeTeam, lineup: home.data ?? null },
    { label: 'Uit', team: match.awayTeam, lineup: away.data ?? null },
  ];
  const late = lineups.flatMap(({ team, lineup }) => (lineup?.pairs ?? []).filter((p) => p.fromSet > 1).map((p) => ({ team: team.name, pair: p.pairNumber, fromSet: p.fromSet })));
  const summary = board.data ? nightSummary(board.data.tables) : null;
  // After a decision (?beslist=set-tafel): what was recorded, with the seat's score as it is now.
  const [decidedSet, decidedTable] = (query.beslist ?? '').split('-').map(Number);
  const decided = board.data?.tables.find((t) => t.tableNumber === decidedTable)?.sets.find((s) => s.setNumber === decidedSet);
  return (
    <>
      <Link href={`/wedstrijdleider/avond?datum=${match.date}`} className="text-sm text-brand-700 underline">
        ← Speelavond {match.date.split('-').reverse().join('-')}
      </Link>
      <div className="mt-2">
        <MatchHeader match={match} />
      </div>
      <AutoRefresh streams={[`/api/public/matches/${id}/events`]} />
      <div className="space-y-6">
        {(remarks.data ?? []).length > 0 && (
          <Card title="Opmerkingen van de teamleiders (Regel 35B)">
            <MatchRemarks matchId={id} remarks={remarks.data ?? []} canWrite={false} />
          </Card>
        )}
        {decided && !seat && (
          <p role="status" className="rounded-md bg-green-50 p-3 font-medium text-green-900 ring-1 ring-green-200">
            Beslissing vastgelegd: set {decidedSet}, tafel {decidedTable} nu {decided.homePoints ?? '–'}–{decided.awayPoints ?? '–'}.
          </p>
        )}
        {seat && stored && (
          <div id="beslissing" className="scroll-mt-4">
          <Card title={`Set ${setNumber}, tafel ${tableNumber}: ${seat.state === 'SIGNED' ? 'corrigeren' : 'beslissen'}`}>
            {seat.state === 'SIGNED' && (
              <p role="note" className="mb-2 rounded-md bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-300">
                Deze set is aan tafel ondertekend. Een andere stand is een correctie: geef de reden; de tafel ziet de nieuwe stand en de openbare pagina toont de set als gecorrigeerd.
              </p>
            )}
            <p className="mb-1">
              <Badge tone={seat.state === 'DISPUTED' ? 'bad' : 'neutral'}>{setStateLabel(seat)}</Badge>{' '}
              Thuis koppel {stored.homePairNumber} ({pairNames(match.homeLineup, stored.homePairNumber) ?? '?'}) – uit koppel {stored.awayPairNumber} (
              {pairNames(match.awayLineup, stored.awayPairNumber) ?? '?'})
            </p>
            {seat.alerts.map((a) => (
              <p key={a.kind} role="note" className="my-2 rounded-md bg-red-50 p-2 text-sm text-red-900 ring-1 ring-red-200">
                {a.message}
              </p>
            ))}
            {stored.games.length > 0 && (
              <ol className="mb-3 text-sm text-stone-700">
                {stored.games.map((g) => (
                  <li key={g.gameNumber}>
                    Partij {g.gameNumber}: {g.winner === 'HOME' ? 'thuis' : 'uit'}, {GAME_KIND_SHORT[g.kind]}
                    {g.penaltyRule ? ` (Regel ${g.penaltyRule})` : ''} +{g.points}
                  </li>
                ))}
              </ol>
            )}
            {open ? (
              <DecisionForm
                matchId={id}
                setNumber={setNumber}
                tableNumber={tableNumber}
                current={seat.homePoints === null || seat.awayPoints === null ? null : { home: seat.homePoints, away: seat.awayPoints }}
                homeLabel={`Punten ${match.homeTeam.name}`}
                awayLabel={`Punten ${match.awayTeam.name}`}
                doneHref={here}
                seat={stored}
                gamesPerSet={match.gamesPerSet}
                homeTeam={match.homeTeam.name}
                awayTeam={match.awayTeam.name}
                homeNames={pairNames(match.homeLineup, stored.homePairNumber)}
                awayNames={pairNames(match.awayLineup, stored.awayPairNumber)}
              />
            ) : (
              <Note>De uitslag staat vast; corrigeren gaat via de pagina van de wedstrijd (met reden).</Note>
            )}
          </Card>
          </div>
        )}
        {open && night.data && (
          <Card title="Tafelcodes">
            {night.data.open ? (
              <>
                <p className="mb-2 text-sm text-stone-600">
                  Voor als de thuisclub de kaarten kwijt is.{' '}
                  <a className="text-brand-700 underline" href={`/api/matches/${id}/table-cards.pdf`}>
                    Tafelkaarten (PDF)
                  </a>
                </p>
                <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3">
                  {night.data.tables.map((t) => (
                    <li key={t.tableNumber}>
                      Tafel {t.tableNumber}:{' '}
                      <a className="font-mono text-brand-700 underline" href={t.url}>
                        {t.displayCode}
                      </a>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <>
                <p className="mb-2 text-sm text-stone-600">De thuisclub heeft de speelavond nog niet geopend. U kunt dat ook doen; de secretaris ziet dan dezelfde codes.</p>
                <OpenNight matchId={id} />
              </>
            )}
          </Card>
        )}
        <Card title="Tafels en sets">
          {board.data && summary ? (
            <>
              <p className="mb-2 text-sm text-stone-700">
                {summary.done} van {summary.seats} sets klaar · <span aria-label="Stand">{countedScoreLine(board.data.score)}</span>
              </p>
              {board.data.alerts.length > 0 && (
                <ul className="mb-3 space-y-1" aria-label="Meldingen">
                  {board.data.alerts.map((a) => (
                    <li key={`${a.kind}-${a.setNumber}-${a.tableNumber}`}>
                      <Link className="text-sm text-red-800 underline" href={`${here}?set=${a.setNumber}&tafel=${a.tableNumber}`}>
                        {a.message}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              <NightGrid
                night={board.data}
                decideHref={(t, s) => `${here}?set=${s}&tafel=${t}`}
                correctHref={(t, s) => (open ? `${here}?set=${s}&tafel=${t}` : `/wedstrijdleider/${id}?set=${s}`)}
              />
            </>
          ) : (
            <Note>{messageOf(board.error) ?? 'Nog geen sets.'}</Note>
          )}
        </Card>
        <Card title="Wissels (Regel 13, 14) en late koppels (Regel 5B, 5C)">
          {open ? (
            <>
              <p className="mb-2 text-sm text-stone-600">
                Wisselen mag vanaf set {rules.substitutionsFromSet}, hoogstens {rules.maxSubstitutions} keer per team, alleen met reserves van de spelerslijst. Het systeem
                toetst elke wissel meteen; een ongeldige wissel wordt vastgelegd en kost het koppel de sets die de regels zeggen. Altijd met een reden.
              </p>
              <ConsoleSubstitutions matchId={id} lineups={[home.data, away.data].filter((l) => l !== undefined)} pairsPerTeam={match.pairsPerTeam} rules={rules} />
              <div className="mt-4">
                <ConsoleReserve matchId={id} lineups={[home.data, away.data].filter((l) => l !== undefined)} rules={rules} />
              </div>
              {late.length > 0 && (
                <ul className="mt-4 divide-y divide-stone-200 text-sm" aria-label="Late koppels">
                  {late.map((l) => (
                    <li key={`${l.team}-${l.pair}`} className="py-1.5">
                      {l.team}, koppel {l.pair}: speelt vanaf set {l.fromSet} (de sets ervoor verloren, Regel 5B/5C)
                    </li>
                  ))}
                </ul>
              )}
              <div className="mt-4">
                <ConsoleLatePair matchId={id} lineups={[home.data, away.data].filter((l) => l !== undefined)} pairsPerTeam={match.pairsPerTeam} />
              </div>
            </>
          ) : match.substitutions.length === 0 && late.length === 0 ? (
            <p className="text-sm">Geen wissels en geen late koppels.</p>
          ) : (
            <ul className="divide-y divide-stone-200 text-sm">
              {match.substitutions.map((s) => (
                <li key={s.id} className="py-1.5">
                  {s.teamId === match.homeTeam.id ? match.homeTeam.name : match.awayTeam.name}, vanaf set {s.setNumber}, koppel {s.pairNumber}: {s.inName} voor {s.outName}
                  {s.violation ? (
                    <>
                      {' '}
                      <Badge tone="bad">Ongeldig</Badge> {s.violation}
                    </>
                  ) : (
                    <>
                      {' '}
                      <Badge tone="good">Toegestaan</Badge>
                    </>
                  )}
                </li>
              ))}
              {late.map((l) => (
                <li key={`${l.team}-${l.pair}`} className="py-1.5">
                  {l.team}, koppel {l.pair}: speelt vanaf set {l.fromSet} (de sets ervoor verloren, Regel 5B/5C)
                </li>
              ))}
            </ul>
          )}
          {me.role === 'ADMIN' && (
            <p className="mt-2 text-sm">
              <Link className="text-brand-700 underline" href={`/beheer/wedstrijden/${id}/wissels`}>
                Wissels vastleggen
              </Link>{' '}
              ·{' '}
              <Link className="text-brand-700 underline" href={`/beheer/wedstrijden/${id}/spelerslijst`}>
                Spelerslijsten
              </Link>
            </p>
          )}
        </Card>
        {(open || (actions.data ?? []).length > 0) && (
          <Card title="Beslissingen aan tafel (Regel 22, 38)">
            {open ? (
              <SupervisorActions match={match} lineups={lineups.map(({ label, lineup }) => ({ label, lineup }))} actions={actions.data ?? []} />
            ) : (
              <ul className="divide-y divide-stone-200 text-sm">
                {(actions.data ?? []).map((a) => (
                  <li key={a.id} className="py-2">
                    {a.consequence} Reden: {a.reason}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        )}
      </div>
    </>
  );
}
