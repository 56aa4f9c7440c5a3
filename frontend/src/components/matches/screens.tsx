// The match-day screens as server components, shared by the secretary's, the
// administrator's and the supervisor's pages, which only decide who may see what.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { messageOf, serverApi } from '@/lib/api-server';
import { cn } from '@/lib/cn';
import { count, formatDate, formatEuro } from '@/lib/format';
import { ConfirmResult } from './confirm-result';
import { DisputeResult } from './dispute-result';
import { finalitySentence } from '@/lib/vocabulary';
import { MatchDetail, scoreText } from './labels';
import { LineupEditor } from './lineup-editor';
import { EntryKind, ResultEntry } from './result-entry';
import { SignResult } from './sign-result';
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
        Kies {count(match.pairsPerTeam, 'genummerd koppel', 'genummerde koppels')} en hoogstens {count(s.maxSubstitutions, 'reserve', 'reserves')} van de moederlijst. Speelgerechtigd is wie uiterlijk{' '}
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

/** A match played at the tables: the pairs enter and sign each set on the phone, not a club on paper (the authority table). */
export const AT_TABLES_NOTE =
  'Deze wedstrijd wordt aan de tafels gespeeld: de koppels voeren elke set in en ondertekenen hem op de telefoon (met de tafelcode). Een weigering beslist de wedstrijdleider; de uitslag wordt vanzelf definitief. Een papieren formulier legt alleen de bond nog vast, met een reden.';

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
      {kind === 'enter' && !match.resultEntry.open && (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {match.resultEntry.notice} Als bondsbeheerder kunt u de uitslag eerder vastleggen, met een reden die in het logboek komt.
        </p>
      )}
      <ResultEntry initial={match} kind={kind} backHref={backHref} initialSet={set ? Number(set) : undefined} />
    </>
  );
}

function Step({ number, title, state, children }: { number: number; title: string; state: { tone: 'good' | 'warn' | 'bad' | 'info' | 'neutral'; label: string }; children: ReactNode }) {
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
 * team's entry and signature, the away team's confirmation or dispute. `links` decide
 * where each step leads. Entry opens on the match day (the federation may act earlier,
 * with a reason); any change after the home team signed lapses its signature (Regel 15),
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
  nightHref,
}: {
  match: MatchDetail;
  canEnter: boolean;
  canConfirm: boolean;
  /** The federation may act before the match day (with a reason), confirm without the home team's signature, and for one club's two teams. */
  isAdmin?: boolean;
  lineupLinks: { teamName: string; recorded: boolean; href: string }[];
  resultHref: string;
  substitutionsHref: string;
  /** For those who may correct a locked result (supervisor, administrator). */
  correctHref?: string;
  /** The match night's page (the secretaries): where a complete match can be confirmed early. */
  nightHref?: string;
}) {
  const seats = match.sets.length;
  const entered = enteredSeats(match);
  const phase = match.resultPhase;
  const confirmed = phase === 'CONFIRMED';
  const signed = phase === 'SIGNED_BY_HOME';
  const disputed = phase === 'DISPUTED';
  // A refusal waits for the supervisor (RULES.md 2026-11-26): the home team does not sign or change it again.
  const toSign = match.complete && phase === 'IN_PROGRESS';
  const notOpen = !match.resultEntry.open && !isAdmin;
  const sameClub = match.homeTeam.clubId === match.awayTeam.clubId;
  const link = 'inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700';
  const entryState = confirmed || signed
    ? { tone: 'good' as const, label: 'Ondertekend' }
    : disputed
      ? { tone: 'bad' as const, label: 'Betwist' }
      : toSign
        ? { tone: 'warn' as const, label: 'Nog ondertekenen' }
        : entered > 0
          ? { tone: 'warn' as const, label: `${entered} van ${seats} ingevoerd` }
          : { tone: 'neutral' as const, label: notOpen ? match.resultEntry.notice ?? 'Nog niet' : 'Nog niets' };
  const confirmState = confirmed
    ? { tone: 'good' as const, label: 'Definitief' }
    : disputed
      ? { tone: 'bad' as const, label: 'Niet akkoord' }
      : signed
        ? { tone: 'info' as const, label: 'Te controleren' }
        : { tone: 'neutral' as const, label: 'Nog niet' };
  const lineupStep = (
    <Step number={1} title="Spelerslijst" state={lineupLinks.every((l) => l.recorded) ? { tone: 'good', label: 'Vastgelegd' } : { tone: 'warn', label: 'Nog samenstellen' }}>
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
  );
  // Played at the tables (RULES.md, revised 2026-12-06): signed there, final by itself at the end
  // of the correction window. No paper steps, and nobody is asked for a confirmation it does not need.
  if (match.resultEntry.atTables && !isAdmin) {
    const complete = !confirmed && match.finalDueAt !== null;
    const tableState = confirmed
      ? { tone: 'good' as const, label: 'Definitief' }
      : complete
        ? { tone: 'info' as const, label: 'Compleet' }
        : { tone: 'warn' as const, label: `${match.score.countedSeats} van ${match.score.totalSeats} ondertekend` };
    return (
      <ol className="space-y-3">
        {lineupStep}
        <Step number={2} title="Uitslag aan tafel" state={tableState}>
          {confirmed ? (
            <p>De uitslag staat vast: {match.finality ?? 'definitief'}.</p>
          ) : complete ? (
            <>
              <p>
                {finalitySentence(match.finality ?? 'compleet')}. Bevestigen hoeft niet; klopt er iets niet, schrijf dan een opmerking voor de wedstrijdleider. Bevestigen beide teams nu al,
                dan is de uitslag meteen definitief.
              </p>
              {nightHref && (
                <Link className={buttonLinkSecondary} href={nightHref}>
                  Nu al bevestigen
                </Link>
              )}
            </>
          ) : (
            <p>{AT_TABLES_NOTE}</p>
          )}
        </Step>
      </ol>
    );
  }
  return (
    <ol className="space-y-3">
      {lineupStep}
      <Step number={2} title="Uitslag invoeren en ondertekenen (thuisploeg)" state={entryState}>
        {confirmed ? (
          correctHref ? (
            <Link className={link} href={correctHref}>
              Uitslag corrigeren (met reden)
            </Link>
          ) : (
            <p>De uitslag staat vast.</p>
          )
        ) : match.resultEntry.atTables && !isAdmin ? (
          <p>{AT_TABLES_NOTE}</p>
        ) : notOpen ? (
          <p>
            {match.resultEntry.notice} De uitslag wordt op of na de wedstrijddag ingevoerd; de spelerslijst stelt u al vóór de wedstrijd samen.
          </p>
        ) : canEnter ? (
          <>
            {disputed && match.dispute && (
              <p>
                {match.awayTeam.name} is niet akkoord{match.dispute.comment ? `: “${match.dispute.comment}”` : ''}. De wedstrijdleider beslist; die beslissing maakt de uitslag definitief.
              </p>
            )}
            {signed && (
              <p>
                Ondertekend op {formatDate(match.signatures.homeSignedAt)}; {match.awayTeam.name} controleert hem.{match.finality ? ` ${finalitySentence(match.finality)}.` : ''} Klopt er iets niet, schrijf dan een opmerking voor de wedstrijdleider.
              </p>
            )}
            {toSign && !disputed && <p>Alle sets zijn ingevoerd. Controleer het overzicht met het formulier en onderteken.</p>}
            <div className="flex flex-wrap items-start gap-2">
              {toSign && <SignResult match={match} />}
              {!disputed && (
                <Link className={toSign || signed ? buttonLinkSecondary : link} href={resultHref}>
                  {entered === 0 ? 'Uitslag invoeren, set voor set' : match.complete ? 'Uitslag aanpassen' : 'Uitslag verder invoeren'}
                </Link>
              )}
            </div>
          </>
        ) : disputed ? (
          <p>De uitslag is betwist; de wedstrijdleider beslist, en die beslissing maakt hem definitief.</p>
        ) : toSign ? (
          <p>De secretaris van {match.homeTeam.name} moet de uitslag nog controleren en ondertekenen (Regel 15).</p>
        ) : signed ? (
          <p>Ondertekend door {match.homeTeam.name} op {formatDate(match.signatures.homeSignedAt)}.</p>
        ) : (
          <p>De secretaris van {match.homeTeam.name} voert de uitslag in.</p>
        )}
      </Step>
      <Step number={3} title="Controleren: akkoord of niet akkoord (uitploeg)" state={confirmState}>
        {confirmed ? (
          <p>
            {finalitySentence(match.finality ?? 'definitief')}: {scoreText(match)}.
          </p>
        ) : sameClub && !isAdmin ? (
          <p>Beide teams zijn van dezelfde vereniging. Regel 15 vraagt de handtekening van beide teams, dus de bond bevestigt deze uitslag.</p>
        ) : disputed && !isAdmin ? (
          <p>
            {canConfirm ? 'U bent niet akkoord gegaan' : `${match.awayTeam.name} is niet akkoord gegaan`}
            {match.dispute?.comment ? `: “${match.dispute.comment}”` : ''}. De wedstrijdleider beslist; die beslissing maakt de uitslag definitief.
          </p>
        ) : !match.complete ? (
          <p>Controleren kan zodra {match.homeTeam.name} alle sets heeft ingevoerd en ondertekend.</p>
        ) : !signed && !isAdmin ? (
          <p>Controleren kan zodra {match.homeTeam.name} de uitslag heeft ondertekend.</p>
        ) : canConfirm && notOpen ? (
          <p>{match.resultEntry.notice}</p>
        ) : canConfirm ? (
          <>
            <p>
              Controleer de stand per set hieronder met uw eigen formulier. Klopt hij, dan hoeft u niets te doen (bevestigen mag, dan is hij meteen definitief). Klopt er iets niet, kies dan “Niet akkoord” en schrijf
              op wat; de wedstrijdleider beslist.{match.finality ? ` ${finalitySentence(match.finality)}.` : ''}
            </p>
            <div className="flex flex-wrap items-start gap-2">
              <ConfirmResult match={match} />
              {!isAdmin && <DisputeResult match={match} />}
            </div>
          </>
        ) : (
          <p>De secretaris van {match.awayTeam.name} controleert de uitslag, en gaat zo nodig niet akkoord met een opmerking.{match.finality ? ` ${finalitySentence(match.finality)}.` : ''}</p>
        )}
      </Step>
    </ol>
  );
}

const buttonLinkSecondary = 'inline-flex min-h-12 items-center rounded-md bg-white px-4 py-2 font-medium text-stone-800 ring-1 ring-stone-300 hover:bg-stone-100';
