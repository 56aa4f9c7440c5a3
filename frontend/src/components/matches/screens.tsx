// The match-day screens as server components, shared by the secretary's, the
// administrator's and the supervisor's pages, which only decide who may see what.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { messageOf, serverApi } from '@/lib/api-server';
import { cn } from '@/lib/cn';
import { formatDate, formatEuro } from '@/lib/format';
import { ConfirmResult } from './confirm-result';
import { MatchDetail, scoreText } from './labels';
import { LineupEditor } from './lineup-editor';
import { EntryKind, ResultEntry } from './result-entry';
import { SubstitutionsPanel } from './substitutions-panel';

export async function loadMatch(id: string): Promise<MatchDetail | null> {
  const api = await serverApi();
  const { data } = await api.GET('/api/matches/{id}', { params: { path: { id } } });
  return data ?? null;
}

async function loadLineupAndSettings(match: MatchDetail, teamId: string) {
  const api = await serverApi();
  const [{ data: lineup, error }, { data: season }] = await Promise.all([
    api.GET('/api/matches/{id}/lineups/{teamId}', { params: { path: { id: match.id, teamId } } }),
    api.GET('/api/seasons/{id}', { params: { path: { id: match.seasonId } } }),
  ]);
  return { lineup, season, error: messageOf(error) };
}

/** The last registration date that still makes a member eligible for this match (Regel 3B), from the eligibility check. */
async function registrationDeadline(match: MatchDetail, teamId: string): Promise<string | null> {
  const api = await serverApi();
  const { data } = await api.GET('/api/teams/{teamId}/eligible-players', { params: { path: { teamId }, query: { date: match.date } } });
  return data?.deadline ?? null;
}

/** Small header above a sub-screen: which match, and the way back. */
export function ScreenTitle({ match, title, backHref }: { match: MatchDetail; title: string; backHref: string }) {
  return (
    <div className="mb-4">
      <Link href={backHref} className="text-sm text-brand-700 underline">
        ← {match.homeTeam.name} – {match.awayTeam.name}
      </Link>
      <h1 className="mt-1 text-2xl font-bold text-brand-900">{title}</h1>
    </div>
  );
}

/** Links to choose the home or away team, for people who may act for both (administrator). */
export function TeamSwitch({ match, teamId, href }: { match: MatchDetail; teamId: string; href: (teamId: string) => string }) {
  return (
    <nav aria-label="Team" className="mb-4 flex gap-2">
      {[match.homeTeam, match.awayTeam].map((team, i) => (
        <Link
          key={team.id}
          href={href(team.id)}
          aria-current={team.id === teamId ? 'page' : undefined}
          className={cn('rounded-md px-3 py-2 text-sm ring-1', team.id === teamId ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white ring-stone-300')}
        >
          {team.name} ({i === 0 ? 'thuis' : 'uit'})
        </Link>
      ))}
    </nav>
  );
}

export async function LineupScreen({ match, teamId, isAdmin }: { match: MatchDetail; teamId: string; isAdmin: boolean }) {
  const [{ lineup, season, error }, deadline] = await Promise.all([loadLineupAndSettings(match, teamId), registrationDeadline(match, teamId)]);
  if (!lineup || !season) return <p role="alert">{error ?? 'De spelerslijst kon niet worden geladen.'}</p>;
  const s = season.settings;
  return (
    <>
      <p className="mb-4 text-sm text-stone-600">
        Kies {match.pairsPerTeam} genummerde koppels en hoogstens {s.maxSubstitutions} reserves van de moederlijst. Speelgerechtigd is wie uiterlijk{' '}
        {deadline ? formatDate(deadline) : `${s.registrationLeadWorkingDays} werkdagen vóór de wedstrijd`} is ingeschreven en niet geschorst of geroyeerd is (Regel 3B, 4).
        Koppel 1 begint aan tafel 1.
      </p>
      <LineupEditor
        lineup={lineup}
        pairsPerTeam={match.pairsPerTeam}
        maxReserves={s.maxSubstitutions}
        deduction={s.ineligiblePlayerDeduction}
        missingSetPoints={s.missingSetPoints}
        minimumPairsToStart={s.minimumPairsToStart}
        isAdmin={isAdmin}
        startText={`${formatDate(match.date)}, ${match.startTime} uur`}
        fineText={`Zo niet, dan volgt bij de bevestiging een boete van ${formatEuro(s.lineupMissingFineCents)}, de tweede keer in het seizoen ${formatEuro(s.lineupMissingRepeatFineCents)}.`}
      />
    </>
  );
}

export async function SubstitutionsScreen({ match, teamId, isAdmin }: { match: MatchDetail; teamId: string; isAdmin: boolean }) {
  const { lineup, season, error } = await loadLineupAndSettings(match, teamId);
  if (!lineup || !season) return <p role="alert">{error ?? 'De wissels konden niet worden geladen.'}</p>;
  const s = season.settings;
  return (
    <>
      <p className="mb-4 text-sm text-stone-600">
        Wisselen mag vanaf set {s.substitutionsFromSet}, hoogstens {s.maxSubstitutions} keer per team, alleen met reserves van de spelerslijst. Twee invallers vormen nooit samen
        een koppel en wie eruit ging komt er niet meer in (Regel 13, 14).
      </p>
      <SubstitutionsPanel lineup={lineup} pairsPerTeam={match.pairsPerTeam} fromSet={s.substitutionsFromSet} maxSubstitutions={s.maxSubstitutions} missingSetPoints={s.missingSetPoints} isAdmin={isAdmin} />
    </>
  );
}

export function ResultScreen({ match, kind, backHref, set }: { match: MatchDetail; kind: EntryKind; backHref: string; set?: string }) {
  return (
    <>
      <p className="mb-4 text-sm text-stone-600">
        {kind === 'correct'
          ? 'De uitslag staat vast. Pas de set aan die niet klopt en sla op met de reden; het logboek bewaart de stand ervoor en erna.'
          : `Eén scherm per set. Kies per tafel wie de punten van elke partij krijgt en hoe (of vul de setstand in). Onmogelijke standen worden geweigerd met de tafel erbij.`}
      </p>
      {(!match.homeLineup || !match.awayLineup) && kind === 'enter' && (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          Nog niet alle spelerslijsten zijn vastgelegd ({[!match.homeLineup && match.homeTeam.name, !match.awayLineup && match.awayTeam.name].filter(Boolean).join(' en ')}). U kunt
          de uitslag al invoeren; bevestigen kan pas als beide spelerslijsten er zijn.
        </p>
      )}
      <ResultEntry initial={match} kind={kind} backHref={backHref} initialSet={set ? Number(set) : undefined} />
    </>
  );
}

function Step({ number, title, state, children }: { number: number; title: string; state: { tone: 'good' | 'warn' | 'info' | 'neutral'; label: string }; children: ReactNode }) {
  return (
    <li className="rounded-lg bg-white p-4 ring-1 ring-stone-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold text-brand-900">
          {number}. {title}
        </h2>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      <div className="mt-2 space-y-2 text-sm text-stone-700">{children}</div>
    </li>
  );
}

function enteredSeats(match: MatchDetail): number {
  return match.sets.filter((s) => s.homePoints !== null).length;
}

/**
 * What has to happen on match day, in order, for the people who act: line-ups, the home
 * team's entry, the away team's confirmation. `links` decide where each step leads.
 * Regel 15: the home team signs again after a later change to a line-up or substitution,
 * and when one club has both teams only the federation confirms.
 */
export function MatchDaySteps({
  match,
  canEnter,
  canConfirm,
  isAdmin = false,
  lineupLinks,
  resultHref,
  substitutionsHref,
  correctHref,
}: {
  match: MatchDetail;
  canEnter: boolean;
  canConfirm: boolean;
  /** The federation may confirm without the home team's signature, and for one club's two teams. */
  isAdmin?: boolean;
  lineupLinks: { teamName: string; recorded: boolean; href: string }[];
  resultHref: string;
  substitutionsHref: string;
  /** For those who may correct a locked result (supervisor, administrator). */
  correctHref?: string;
}) {
  const seats = match.sets.length;
  const entered = enteredSeats(match);
  const confirmed = match.resultState === 'CONFIRMED';
  const unsigned = match.complete && !confirmed && !match.signatures.homeSignedAt;
  const sameClub = match.homeTeam.clubId === match.awayTeam.clubId;
  const link = 'inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700';
  return (
    <ol className="space-y-3">
      <Step
        number={1}
        title="Spelerslijst"
        state={lineupLinks.every((l) => l.recorded) ? { tone: 'good', label: 'Vastgelegd' } : { tone: 'warn', label: 'Nog samenstellen' }}
      >
        {lineupLinks.map((l) => (
          <p key={l.href} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {l.teamName}: {l.recorded ? 'vastgelegd' : 'nog niet vastgelegd'}
            </span>
            <Link className={link} href={l.href}>
              {l.recorded ? `Spelerslijst ${l.teamName} bekijken` : `Spelerslijst ${l.teamName} samenstellen`}
            </Link>
          </p>
        ))}
        <p>
          <Link className="text-brand-700 underline" href={substitutionsHref}>
            Wissels vastleggen
          </Link>{' '}
          (vanaf set 3, met reserves van de spelerslijst)
        </p>
      </Step>
      <Step
        number={2}
        title="Uitslag invoeren (thuisploeg)"
        state={unsigned ? { tone: 'warn', label: 'Opnieuw ondertekenen' } : match.complete ? { tone: 'good', label: 'Compleet' } : entered > 0 ? { tone: 'warn', label: `${entered} van ${seats} ingevoerd` } : { tone: 'neutral', label: 'Nog niets' }}
      >
        {confirmed ? (
          correctHref ? (
            <Link className={link} href={correctHref}>
              Uitslag corrigeren (met reden)
            </Link>
          ) : (
            <p>De uitslag staat vast.</p>
          )
        ) : canEnter ? (
          <>
            {unsigned && <p>Na de laatste wijziging van een spelerslijst of wissel telt de handtekening van {match.homeTeam.name} niet meer (Regel 15). Sla een set opnieuw op om opnieuw te ondertekenen.</p>}
            <Link className={link} href={resultHref}>
              {unsigned ? 'Uitslag opnieuw ondertekenen' : match.complete ? 'Uitslag bekijken' : entered > 0 ? 'Uitslag verder invoeren' : 'Uitslag invoeren, set voor set'}
            </Link>
          </>
        ) : unsigned ? (
          <p>Na de laatste wijziging van een spelerslijst of wissel moet de secretaris van {match.homeTeam.name} de uitslag opnieuw ondertekenen (Regel 15).</p>
        ) : (
          <p>De secretaris van {match.homeTeam.name} voert de uitslag in.</p>
        )}
      </Step>
      <Step number={3} title="Bevestigen (uitploeg)" state={confirmed ? { tone: 'good', label: 'Bevestigd' } : { tone: 'neutral', label: 'Nog niet' }}>
        {confirmed ? (
          <p>Bevestigd: {scoreText(match)}.</p>
        ) : !match.complete ? (
          <p>Bevestigen kan zodra {match.homeTeam.name} alle sets heeft ingevoerd.</p>
        ) : sameClub && !isAdmin ? (
          <p>Beide teams zijn van dezelfde vereniging. Regel 15 vraagt de handtekening van beide teams, dus de bond bevestigt deze uitslag.</p>
        ) : unsigned && !isAdmin ? (
          <p>Bevestigen kan zodra {match.homeTeam.name} de uitslag opnieuw heeft ondertekend.</p>
        ) : canConfirm ? (
          <>
            <p>Controleer de stand per set hieronder met uw eigen formulier.</p>
            <ConfirmResult match={match} />
          </>
        ) : (
          <p>De secretaris van {match.awayTeam.name} controleert en bevestigt de uitslag.</p>
        )}
      </Step>
    </ol>
  );
}
