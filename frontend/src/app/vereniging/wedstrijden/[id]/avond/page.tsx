import QRCode from 'qrcode';
import { ScreenTitle } from '@/components/matches/screens';
import { NightGrid } from '@/components/match-night/night-grid';
import { Badge } from '@/components/ui/badge';
import { Card, Forbidden, Note } from '@/components/ui/layout';
import { formatDate, formatMoment } from '@/lib/format';
import { messageOf, serverApi } from '@/lib/api-server';
import { nightSummary } from '@/lib/match-night';
import { finalitySentence } from '@/lib/vocabulary';
import { secretaryMatch } from '../../access';
import { ConfirmNight, OpenNight, RevokeCode } from '@/components/match-night/night-actions';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Speelavond' };

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date());

/** The QR code of a table's address, as an image the page carries itself (no request per code). */
async function qrImage(url: string): Promise<string> {
  const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The match night for the secretaries (Regel 15): the home secretary opens it and hands out
 * the table codes (QR on the table cards); both follow the sets; once every set is signed the
 * match is complete and becomes final by itself at the end of the correction window (or at
 * once when both confirm early: optional, "Nu al bevestigen").
 */
export default async function MatchNightPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await secretaryMatch(id);
  if ('denied' in access) return <Forbidden message={access.denied} />;
  const { match, isHome, isAway } = access;
  const back = `/vereniging/wedstrijden/${id}`;
  const api = await serverApi();
  const path = { params: { path: { id } } };
  const [night, board] = await Promise.all([isHome ? api.GET('/api/matches/{id}/night', path) : null, api.GET('/api/matches/{id}/console', path)]);
  const opened = night?.data?.open ? night.data : null;
  const summary = board.data ? nightSummary(board.data.tables) : null;
  const locked = match.resultState === 'CONFIRMED';
  const confirmedHome = Boolean(board.data?.confirmations.home);
  const confirmedAway = Boolean(board.data?.confirmations.away);
  const ownSides = [isHome && { team: match.homeTeam, confirmed: confirmedHome }, isAway && { team: match.awayTeam, confirmed: confirmedAway }].filter(Boolean) as { team: { name: string }; confirmed: boolean }[];
  const codes = opened ? await Promise.all(opened.tables.map(async (t) => ({ ...t, qr: await qrImage(t.url) }))) : [];
  return (
    <>
      <ScreenTitle match={match} title="Speelavond aan tafel" backHref={back} />
      <div className="space-y-6">
        {isHome && (
          <Card title="Tafelcodes">
            {opened ? (
              <>
                <p className="mb-3 text-sm text-stone-600">
                  Leg bij elke tafel de kaart met de QR-code. Wie hem scant, ziet alleen die tafel: de koppels per set, de invoer en het ondertekenen. De codes werken tot{' '}
                  {formatMoment(opened.endsAt)} of tot de uitslag vaststaat.{' '}
                  <a className="text-brand-700 underline" href={`/api/matches/${id}/table-cards.pdf`}>
                    Tafelkaarten (PDF)
                  </a>
                </p>
                <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  {codes.map((t) => (
                    <li key={t.tableNumber} className="rounded-lg p-3 ring-1 ring-stone-200" aria-label={`Tafel ${t.tableNumber}`}>
                      <div className="flex items-start gap-3">
                        <img src={t.qr} alt={`QR-code van tafel ${t.tableNumber}`} width={112} height={112} className="shrink-0" />
                        <div className="min-w-0">
                          <p className="text-lg font-bold">Tafel {t.tableNumber}</p>
                          <p className="font-mono text-lg tracking-wider" aria-label={`Code tafel ${t.tableNumber}`}>
                            {t.displayCode}
                          </p>
                          <a className="break-all text-sm text-brand-700 underline" href={t.url}>
                            Openen
                          </a>
                        </div>
                      </div>
                      {!locked && (
                        <div className="mt-2">
                          <RevokeCode matchId={id} tableNumber={t.tableNumber} />
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            ) : locked ? (
              <Note>De uitslag staat vast; er is geen speelavond meer te openen.</Note>
            ) : (
              <>
                <p className="mb-3 text-sm text-stone-600">
                  Open de speelavond op de wedstrijddag. Elke tafel krijgt dan een eigen code met QR-code: de koppels voeren daar hun sets in en de tegenstanders ondertekenen op
                  dezelfde telefoon. Wie liever op papier speelt, voert de uitslag in zoals altijd.
                </p>
                <OpenNight matchId={id} />
                {night?.data && night.data.opensOn > today() && <p className="mt-2 text-sm text-stone-600">Openen kan vanaf de wedstrijddag ({formatDate(night.data.opensOn)}).</p>}
                {night?.error && <p className="mt-2 text-sm text-stone-600">{messageOf(night.error)}</p>}
              </>
            )}
          </Card>
        )}
        <Card title="Sets per tafel">
          {board.data && summary ? (
            <>
              <p className="mb-2 text-sm text-stone-700" aria-label="Voortgang">
                {summary.done} van {summary.seats} sets klaar
                {summary.counts.ENTERED > 0 && `, ${summary.counts.ENTERED} wacht op handtekening`}
                {summary.counts.DISPUTED > 0 && `, ${summary.counts.DISPUTED} betwist (de wedstrijdleider beslist)`}.
              </p>
              <NightGrid night={board.data} />
            </>
          ) : (
            <Note>{messageOf(board.error) ?? 'De sets konden niet worden geladen.'}</Note>
          )}
        </Card>
        <Card title="Definitief">
          {locked ? (
            <p>
              <Badge tone="good">Definitief</Badge> De uitslag staat vast: {match.homeTeam.name} {match.homePoints}–{match.awayPoints} {match.awayTeam.name}.
              {match.finality ? ` ${finalitySentence(match.finality)}.` : ''}
            </p>
          ) : board.data?.readyToConfirm && summary ? (
            <div className="space-y-3">
              <p aria-label="Hoe de uitslag definitief wordt">
                Alle {summary.seats} sets zijn ondertekend. {finalitySentence(match.finality ?? 'compleet')}, ook zonder bevestiging: bevestigen hoeft niet. Klopt er iets niet, schrijf dan een
                opmerking voor de wedstrijdleider.
              </p>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 rounded-lg bg-stone-50 p-3 text-lg">
                <dt>{match.homeTeam.name}</dt>
                <dd className="text-right font-bold tabular-nums">{board.data.score.homePoints}</dd>
                <dt>{match.awayTeam.name}</dt>
                <dd className="text-right font-bold tabular-nums">{board.data.score.awayPoints}</dd>
              </dl>
              {ownSides.some((s) => !s.confirmed) && <p className="text-sm text-stone-600">Wilt u hem nu al vastzetten? Als beide teams bevestigen, is de uitslag meteen definitief.</p>}
              <ul className="text-sm">
                <li>
                  {match.homeTeam.name}: {confirmedHome ? 'nu al bevestigd' : 'niet bevestigd (hoeft niet)'}
                </li>
                <li>
                  {match.awayTeam.name}: {confirmedAway ? 'nu al bevestigd' : 'niet bevestigd (hoeft niet)'}
                </li>
              </ul>
              {ownSides
                .filter((s) => !s.confirmed)
                .map((s) => (
                  <ConfirmNight key={s.team.name} matchId={id} teamName={s.team.name} />
                ))}
            </div>
          ) : (
            <p className="text-sm text-stone-600">
              De uitslag wordt vanzelf definitief aan het eind van de correctietijd, die begint zodra alle sets ondertekend zijn en geen set meer betwist is. Niemand hoeft te bevestigen.
            </p>
          )}
        </Card>
      </div>
    </>
  );
}
