'use client';
// Matches that are not played (Regel 6–9), recorded by an administrator after a last
// check, and undone (reopened) with a reason.
import { useRouter } from 'next/navigation';
import { FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { attempt, messagesOf, staleCurrent } from './call';
import { AskFirst, fieldClass, ReasonedAction, ReasonField } from './fixture-forms';
import { MatchDetail } from './labels';

type Kind = Schemas['NotPlayedInputDto']['kind'];
/** What the offending team did; the server derives the cause and the rule (Regel 7 or 9A) from it. */
type Happened = 'TOO_FEW_PAIRS' | 'CALLED_OFF' | 'OTHER';

const HAPPENED: { value: Happened; label: string }[] = [
  { value: 'TOO_FEW_PAIRS', label: 'Kwam met te weinig koppels (Regel 7)' },
  { value: 'CALLED_OFF', label: 'Zegde af (minder dan 48 uur voor de aanvang: Regel 7; eerder: Regel 9A)' },
  { value: 'OTHER', label: 'Iets anders verhinderde de wedstrijd (Regel 9A)' },
];

export interface NotPlayedNumbers {
  noScreenDeduction: number;
  forfeitFine: string;
  missingSetPoints: number;
}

function kindOptions(n: NotPlayedNumbers): { kind: Kind; title: string; explains: string }[] {
  return [
    {
      kind: 'NO_TABLE_SCREEN',
      title: 'Gespeeld zonder tafelscherm (Regel 6)',
      explains: `Telt als niet gespeeld: geen punten voor beide teams, ${n.noScreenDeduction} competitiepunten aftrek voor beide teams; het bestuur bepaalt de boete.`,
    },
    {
      kind: 'FORFEIT',
      title: 'Reglementair verloren door grove nalatigheid (Regel 7, 9A)',
      explains: `Het andere team wint met ${n.missingSetPoints}–0 in elke set; de schuldige vereniging krijgt een boete van ${n.forfeitFine}, door te geven aan de benadeelde vereniging. De regel (7 of 9A) volgt uit wat er gebeurde.`,
    },
    {
      kind: 'BOTH_INCOMPLETE',
      title: 'Beide teams onvolledig (Regel 7 voor elk team)',
      explains: `Beide teams verliezen: geen competitiepunten en geen punten voor beide; elke vereniging krijgt een boete van ${n.forfeitFine}, voor de bond. Voor beide verenigingen telt het als keer onvolledig (Regel 11).`,
    },
    { kind: 'CANCELLED', title: 'Afgelast door de bond (Regel 8)', explains: 'Elk team krijgt als score zijn gemiddelde aantal punten over zijn eerder gespeelde wedstrijden (reglementaire niet meegeteld); die score beslist de wedstrijd, tenzij het seizoen is ingesteld op geen competitiepunten.' },
  ];
}

function staleOrMessages(error: Parameters<typeof messagesOf>[0]): string[] {
  const current = staleCurrent(error);
  return current ? [`Iemand anders heeft deze wedstrijd intussen gewijzigd (nu versie ${current.version}). Er is niets vastgelegd; bekijk de wedstrijd opnieuw.`] : messagesOf(error);
}

export function NotPlayedForm({ match, numbers }: { match: MatchDetail; numbers: NotPlayedNumbers }) {
  const router = useRouter();
  const [kind, setKind] = useState<Kind | ''>('');
  const [offender, setOffender] = useState('');
  const [happened, setHappened] = useState<Happened | ''>('');
  const [pairsPresent, setPairsPresent] = useState('');
  const [calledOffAt, setCalledOffAt] = useState('');
  const [calledOffBy, setCalledOffBy] = useState('');
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const { busy, message, setMessage, submit, edited } = useSubmit();
  const options = kindOptions(numbers);
  const chosen = options.find((o) => o.kind === kind);
  const hasResult = match.sets.some((s) => s.homePoints !== null);
  const offenderName = offender === match.homeTeam.id ? match.homeTeam.name : match.awayTeam.name;

  function check(event: FormEvent) {
    event.preventDefault();
    const forfeit = kind === 'FORFEIT';
    const missing = [
      !kind && 'wat er gebeurde',
      forfeit && !offender && 'welk team in gebreke bleef',
      forfeit && !happened && 'wat het team deed',
      forfeit && happened === 'TOO_FEW_PAIRS' && pairsPresent === '' && 'het aantal aanwezige koppels',
      forfeit && happened === 'CALLED_OFF' && !calledOffAt && 'wanneer er werd afgezegd',
      reason.trim().length < 3 && 'een toelichting',
    ].filter(Boolean);
    if (missing.length) return setMessage({ tone: 'bad', lines: [`Vul nog in: ${missing.join(', ')}.`] });
    setMessage(null);
    setAsking(true);
  }

  async function send() {
    const facts =
      happened === 'TOO_FEW_PAIRS'
        ? { pairsPresent: Number(pairsPresent) }
        : happened === 'CALLED_OFF'
          ? { calledOffAt, ...(calledOffBy.trim() ? { calledOffBy: calledOffBy.trim() } : {}) }
          : {};
    const body = { version: match.version, kind: kind as Kind, reason: reason.trim(), ...(kind === 'FORFEIT' ? { offendingTeamId: offender, ...facts } : {}) };
    const answer = await submit(async (idempotencyKey) => {
      const outcome = await attempt(api.POST('/api/matches/{id}/not-played', { params: { path: { id: match.id } }, body: { ...body, idempotencyKey } }));
      if (!outcome.ok) return { tone: 'bad', lines: staleOrMessages(outcome.error) };
      return { tone: 'good', lines: [`${match.homeTeam.name} – ${match.awayTeam.name} vastgelegd als: ${chosen?.title.toLowerCase() ?? 'niet gespeeld'}${kind === 'FORFEIT' ? `, ${offenderName} in gebreke` : ''}. De wedstrijd telt direct als bevestigd.`, ...proposed()] };
    });
    if (!answer) return;
    setAsking(false);
    if (answer.tone === 'good') router.refresh();
  }

  function proposed(): string[] {
    return (
      kind === 'FORFEIT'
        ? ['De boete voor de vereniging in gebreke staat als voorstel onder Beheer › Boetes (Voorstellen om te beoordelen); de vereniging ziet haar onder Mijn vereniging › Boetes als voorgesteld.']
        : kind === 'NO_TABLE_SCREEN'
          ? ['De boetes voor beide verenigingen staan als voorstel onder Beheer › Boetes; het bestuur stelt er het bedrag vast.']
          : kind === 'BOTH_INCOMPLETE'
            ? ['De boetes voor beide verenigingen staan als voorstel onder Beheer › Boetes (Voorstellen om te beoordelen).']
            : []
    );
  }

  return (
    <form onSubmit={check} onChange={edited} className="space-y-4" aria-label="Niet gespeeld vastleggen">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-700">Wat is er gebeurd?</legend>
        {options.map((o) => (
          <label key={o.kind} className="flex gap-3 rounded-md p-2 ring-1 ring-stone-200 has-checked:bg-brand-50 has-checked:ring-brand-600">
            <input type="radio" name="kind" checked={kind === o.kind} onChange={() => setKind(o.kind)} className="mt-1 size-5 shrink-0" />
            <span>
              <span className="font-medium">{o.title}</span>
              <span className="block text-sm text-stone-600">{o.explains}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {kind === 'FORFEIT' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="block text-sm font-medium text-stone-700">
            Team dat in gebreke bleef
            <select value={offender} onChange={(e) => setOffender(e.target.value)} className={fieldClass}>
              <option value="">— kies —</option>
              <option value={match.homeTeam.id}>{match.homeTeam.name} (thuis)</option>
              <option value={match.awayTeam.id}>{match.awayTeam.name} (uit)</option>
            </select>
          </label>
          <label className="block text-sm font-medium text-stone-700">
            Wat deed dit team?
            <select value={happened} onChange={(e) => setHappened(e.target.value as Happened)} className={fieldClass}>
              <option value="">— kies —</option>
              {HAPPENED.map((h) => (
                <option key={h.value} value={h.value}>
                  {h.label}
                </option>
              ))}
            </select>
          </label>
          {happened === 'TOO_FEW_PAIRS' && (
            <label className="block text-sm font-medium text-stone-700">
              Aanwezige koppels
              <input type="number" min={0} max={12} inputMode="numeric" value={pairsPresent} onChange={(e) => setPairsPresent(e.target.value)} className={fieldClass} />
            </label>
          )}
          {happened === 'CALLED_OFF' && (
            <>
              <label className="block text-sm font-medium text-stone-700">
                Afgezegd op (datum en tijd)
                <input type="datetime-local" value={calledOffAt} onChange={(e) => setCalledOffAt(e.target.value)} className={fieldClass} />
              </label>
              <label className="block text-sm font-medium text-stone-700">
                Afgezegd door (naam, functie)
                <input type="text" maxLength={100} value={calledOffBy} onChange={(e) => setCalledOffBy(e.target.value)} className={fieldClass} />
              </label>
            </>
          )}
        </div>
      )}
      <ReasonField value={reason} onChange={setReason} label="Toelichting" hint="Openbaar zichtbaar bij de wedstrijd en bewaard in het logboek." />
      {asking && chosen ? (
        <AskFirst
          question={
            <>
              <p className="font-medium">
                {match.homeTeam.name} – {match.awayTeam.name} vastleggen als: {chosen.title.toLowerCase()}
                {kind === 'FORFEIT' ? `, ${offenderName} in gebreke` : ''}?
              </p>
              <p>{chosen.explains}</p>
              {hasResult && <p className="font-medium">De ingevoerde uitslag wordt gewist.</p>}
            </>
          }
          confirmLabel="Ja, vastleggen"
          busy={busy}
          onConfirm={send}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <Button type="submit" variant="danger" disabled={busy}>
          Vastleggen…
        </Button>
      )}
      <Notice message={message} />
    </form>
  );
}

export function ReopenForm({ match }: { match: MatchDetail }) {
  return (
    <ReasonedAction
      label="Terugdraaien"
      reasonLabel="Reden van het terugdraaien"
      buttonLabel="Terugdraaien…"
      question={
        <p>
          De vastlegging als niet gespeeld terugdraaien? De puntenaftrek en de score vervallen; de wedstrijd staat weer zonder uitslag op het programma. Telde een team als
          onvolledig (Regel 11), dan vervalt die keer en worden de andere keren van de vereniging hernummerd.
        </p>
      }
      confirmLabel="Ja, terugdraaien"
      send={async (reason, idempotencyKey) => {
        const outcome = await attempt(api.POST('/api/matches/{id}/reopen', { params: { path: { id: match.id } }, body: { version: match.version, reason, idempotencyKey } }));
        return outcome.ok
          ? { tone: 'good', lines: [`Teruggedraaid: ${match.homeTeam.name} – ${match.awayTeam.name} staat weer zonder uitslag op het programma.`] }
          : { tone: 'bad', lines: staleOrMessages(outcome.error) };
      }}
    />
  );
}
