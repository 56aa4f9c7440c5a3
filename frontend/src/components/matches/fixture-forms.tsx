'use client';
// The administrator's fixture work: generate a division's schedule on a list of match
// dates, move a match (new date with a reason, kept in the history) or swap home and away.
import { useRouter } from 'next/navigation';
import { holidayOn } from '@domain/holidays';
import { FormEvent, ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice, NoticeMessage } from '@/components/ui/notice';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { longDate } from '@/components/standings/format';
import { attempt, messagesOf } from './call';

export const fieldClass = 'mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base';

/** Rounds of a round robin: n − 1 for an even number of teams, n (one bye each) for an odd number; twice for a double one. */
function roundsNeeded(teams: number, double: boolean): number {
  const perHalf = teams % 2 === 0 ? teams - 1 : teams;
  return teams < 2 ? 0 : perHalf * (double ? 2 : 1);
}

/** "19-09-2026" or "2026-09-19" → "2026-09-19"; null when it is no date. */
function isoOf(text: string): string | null {
  const t = text.trim();
  const dutch = t.match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/);
  const iso = dutch ? `${dutch[3]}-${dutch[2].padStart(2, '0')}-${dutch[1].padStart(2, '0')}` : t;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** "25-12-2026 is Eerste Kerstdag" for every date that falls on a Dutch public holiday (domain/holidays.ts). */
function holidayWarnings(dates: readonly (string | null)[]): string[] {
  return dates.flatMap((date) => {
    const name = date ? holidayOn(date) : null;
    return name ? [`${formatDate(date!)} is ${name}`] : [];
  });
}

/** A warning, not a refusal: the rulebook names no holidays, the planner decides. */
export function HolidayWarning({ dates }: { dates: readonly (string | null)[] }) {
  const warnings = holidayWarnings(dates);
  if (!warnings.length) return null;
  return (
    <div role="note" aria-label="Feestdagen" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
      <p className="font-semibold">Let op, {warnings.length === 1 ? 'een speeldatum valt' : `${warnings.length} speeldata vallen`} op een feestdag:</p>
      <ul className="list-disc pl-5">
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
      <p>Kies een andere datum als er die dag niet gespeeld wordt.</p>
    </div>
  );
}

function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function ReasonField({ value, onChange, label = 'Reden', hint }: { value: string; onChange: (v: string) => void; label?: string; hint?: string }) {
  return (
    <label className="block text-sm font-medium text-stone-700">
      {label}
      <textarea value={value} onChange={(e) => onChange(e.target.value)} rows={2} className={fieldClass} />
      {hint && <span className="mt-1 block text-xs font-normal text-stone-500">{hint}</span>}
    </label>
  );
}

/** A destructive step asks once more, inline, before it is sent. */
export function AskFirst({ question, confirmLabel, busy, onConfirm, onCancel }: { question: ReactNode; confirmLabel: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <div role="alertdialog" aria-label="Bevestigen" className="space-y-2 rounded-md bg-red-50 p-3 ring-1 ring-red-200">
      <div className="text-sm text-red-950">{question}</div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="danger" disabled={busy} onClick={onConfirm}>
          {busy ? 'Bezig met versturen…' : confirmLabel}
        </Button>
        <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
          Annuleren
        </Button>
      </div>
    </div>
  );
}

export function ScheduleForm({ divisionId, divisionName, teamCount, replace, firstDate }: { divisionId: string; divisionName: string; teamCount: number; replace: boolean; firstDate: string }) {
  const router = useRouter();
  const [double, setDouble] = useState(true);
  const [datesText, setDatesText] = useState('');
  const [start, setStart] = useState(firstDate);
  const [every, setEvery] = useState('14');
  const [startTime, setStartTime] = useState('20:00');
  const [asking, setAsking] = useState(false);
  const { busy, message, setMessage, submit, edited } = useSubmit();
  const needed = roundsNeeded(teamCount, double);
  const lines = datesText.split(/[\n,;]+/).map((l) => l.trim()).filter(Boolean);
  const dates = lines.map(isoOf);
  const wrong = lines.filter((_, i) => dates[i] === null);

  function fill() {
    const step = Math.max(1, Number(every) || 14);
    setDatesText(Array.from({ length: needed }, (_, i) => formatDate(addDays(start, i * step))).join('\n'));
    setMessage(null);
  }

  function check(event: FormEvent) {
    event.preventDefault();
    if (wrong.length) return setMessage({ tone: 'bad', lines: [`Geen datum: ${wrong.join(', ')}. Schrijf elke speeldag als dd-mm-jjjj op een eigen regel.`] });
    if (dates.length !== needed) {
      const fix = dates.length > needed ? ' Haal de overtollige data weg.' : '';
      return setMessage({ tone: 'bad', lines: [`Er zijn precies ${needed} speeldata nodig voor ${teamCount} teams (${double ? 'dubbele' : 'enkele'} competitie); u gaf er ${dates.length}.${fix}`] });
    }
    setMessage(null);
    if (replace) setAsking(true);
    else void send();
  }

  async function send() {
    const answer = await submit(async () => {
      const outcome = await attempt(
        api.POST('/api/divisions/{id}/schedule', { params: { path: { id: divisionId } }, body: { dates: dates as string[], double, startTime, replace } }),
      );
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      const count = outcome.data.rounds.reduce((sum, r) => sum + r.matches.length, 0);
      return { tone: 'good', lines: [`Programma van ${divisionName} gemaakt: ${count} wedstrijden in ${outcome.data.rounds.length} ronden.`] };
    });
    if (!answer) return;
    setAsking(false);
    if (answer.tone === 'good') router.refresh();
  }

  return (
    <form onSubmit={check} onChange={edited} className="space-y-4" aria-label={`Programma ${divisionName}`}>
      <fieldset>
        <legend className="text-sm font-medium text-stone-700">Soort competitie</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {[true, false].map((d) => (
            <label key={String(d)} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="double" checked={double === d} onChange={() => setDouble(d)} className="size-5" />
              {d ? 'Dubbele competitie (thuis en uit)' : 'Enkele competitie'}
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-stone-600">
        {teamCount} teams: {needed} speelrondes nodig{teamCount % 2 === 1 ? ' (elk team is één ronde per helft vrij)' : ''}.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="block text-sm font-medium text-stone-700">
          Eerste speeldag
          <input type="date" value={start} onChange={(e) => setStart(e.target.value)} className={fieldClass} />
        </label>
        <label className="block text-sm font-medium text-stone-700">
          Elke … dagen
          <input inputMode="numeric" value={every} onChange={(e) => setEvery(e.target.value.replace(/\D/g, ''))} className={fieldClass} />
        </label>
        <div className="flex items-end">
          <Button type="button" variant="secondary" onClick={fill} className="w-full">
            Speeldata invullen
          </Button>
        </div>
      </div>
      <label className="block text-sm font-medium text-stone-700">
        Speeldata, één per regel (dd-mm-jjjj), in volgorde
        <textarea value={datesText} onChange={(e) => setDatesText(e.target.value)} rows={Math.min(12, Math.max(4, needed))} className={fieldClass} />
        <span className="mt-1 block text-xs font-normal text-stone-500">
          {dates.length} van {needed} ingevuld{dates.length > needed ? `: ${dates.length - needed} te veel` : ''}. Eén datum per speelronde; pas data aan voor feestdagen of een winterstop.
        </span>
      </label>
      <HolidayWarning dates={dates} />
      <label className="block max-w-40 text-sm font-medium text-stone-700">
        Aanvang
        <input type="time" value={startTime} onChange={(e) => setStartTime(e.target.value)} className={fieldClass} />
      </label>
      {asking ? (
        <AskFirst
          question={<p>Het bestaande programma van {divisionName} vervangen? Alle wedstrijden (nog zonder uitslag) worden opnieuw ingedeeld.</p>}
          confirmLabel="Ja, programma vervangen"
          busy={busy}
          onConfirm={send}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <Button type="submit" disabled={busy}>
          {busy ? 'Bezig met programma maken…' : replace ? 'Programma opnieuw maken' : 'Programma maken'}
        </Button>
      )}
      <Notice message={message} />
    </form>
  );
}

/** Whether `date` at `time` (Amsterdam) has already begun, by this browser's clock. */
function startsInPast(date: string, time: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const now = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date());
  return `${date} ${time || '00:00'}` < now.replace('T', ' ');
}

export function MoveForm({ matchId, date, startTime }: { matchId: string; date: string; startTime: string }) {
  const router = useRouter();
  const [newDate, setNewDate] = useState(date);
  const [time, setTime] = useState(startTime);
  const [reason, setReason] = useState('');
  const { busy, message, setMessage, submit: send, edited } = useSubmit();
  /** A new start that has already passed asks once more before the match moves. */
  const [pastConfirmed, setPastConfirmed] = useState(false);
  const inPast = startsInPast(newDate, time);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (reason.trim().length < 3) return setMessage({ tone: 'bad', lines: ['Geef de reden van de verplaatsing; die blijft in de geschiedenis van de wedstrijd.'] });
    if (inPast && !pastConfirmed) return setMessage({ tone: 'bad', lines: ['De nieuwe aanvang ligt in het verleden. Vink aan dat dit de bedoeling is (de wedstrijd is al gespeeld), of kies een andere datum.'] });
    const answer = await send(async (idempotencyKey) => {
      const body = { date: newDate, startTime: time, reason: reason.trim(), idempotencyKey };
      const outcome = await attempt(api.POST('/api/matches/{id}/move', { params: { path: { id: matchId } }, body }));
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      const { homeTeam, awayTeam, date: movedTo, startTime: at } = outcome.data;
      return { tone: 'good', lines: [`Wedstrijd ${homeTeam.name} – ${awayTeam.name} verplaatst naar ${longDate(movedTo)}, ${at} uur. Beide verenigingen krijgen een e-mail.`] };
    });
    if (answer?.tone !== 'good') return;
    setReason('');
    setPastConfirmed(false);
    router.refresh();
  }

  return (
    <form onSubmit={submit} onChange={edited} className="space-y-3" aria-label="Wedstrijd verplaatsen">
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="block text-sm font-medium text-stone-700">
          Nieuwe datum
          <input type="date" required value={newDate} onChange={(e) => setNewDate(e.target.value)} className={fieldClass} />
        </label>
        <label className="block text-sm font-medium text-stone-700">
          Aanvang
          <input type="time" value={time} onChange={(e) => setTime(e.target.value)} className={fieldClass} />
        </label>
      </div>
      <HolidayWarning dates={[newDate]} />
      <ReasonField value={reason} onChange={setReason} label="Reden van de verplaatsing" />
      {inPast && (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          <p>
            Let op: {formatDate(newDate)} om {time || 'de aanvangstijd'} ligt in het verleden. Een spelerslijst die al was samengesteld, blijft op tijd; er komt geen boete door deze
            verplaatsing.
          </p>
          <label className="mt-2 flex items-center gap-2 font-medium">
            <input type="checkbox" checked={pastConfirmed} onChange={(e) => setPastConfirmed(e.target.checked)} />
            Ja, de wedstrijd is (of wordt) op dit eerdere moment gespeeld
          </label>
        </div>
      )}
      <p className="text-sm text-stone-600">Beide verenigingen krijgen een e-mail over de verplaatsing.</p>
      <Button type="submit" disabled={busy || (inPast && !pastConfirmed)}>
        {busy ? 'Bezig met verplaatsen…' : 'Verplaatsen'}
      </Button>
      <Notice message={message} />
    </form>
  );
}

/**
 * A step that needs a reason and a last "are you sure": the reason first, then the
 * question, then `send`, whose answer is shown below.
 */
export function ReasonedAction({
  label,
  reasonLabel,
  buttonLabel,
  question,
  confirmLabel,
  send,
}: {
  label: string;
  reasonLabel: string;
  buttonLabel: string;
  question: ReactNode;
  confirmLabel: string;
  /** Sends the step with the reason and the intent's idempotency key; answers with the message to show. */
  send: (reason: string, idempotencyKey: string) => Promise<NoticeMessage>;
}) {
  const router = useRouter();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const { busy, message, setMessage, submit, edited } = useSubmit();

  async function confirm() {
    const answer = await submit((key) => send(reason.trim(), key));
    if (!answer) return;
    setAsking(false);
    if (answer.tone === 'good') {
      setReason('');
      router.refresh();
    }
  }

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim().length < 3) setMessage({ tone: 'bad', lines: [`Vul in: ${reasonLabel.toLowerCase()}.`] });
        else {
          setMessage(null);
          setAsking(true);
        }
      }}
      onChange={edited}
      className="space-y-3"
      aria-label={label}
    >
      <ReasonField value={reason} onChange={setReason} label={reasonLabel} />
      {asking ? (
        <AskFirst question={question} confirmLabel={confirmLabel} busy={busy} onConfirm={confirm} onCancel={() => setAsking(false)} />
      ) : (
        <Button type="submit" variant="secondary">
          {buttonLabel}
        </Button>
      )}
      <Notice message={message} />
    </form>
  );
}

export function SwapForm({ matchId, home, away }: { matchId: string; home: string; away: string }) {
  return (
    <ReasonedAction
      label="Thuis en uit omdraaien"
      reasonLabel="Reden van het omdraaien"
      buttonLabel="Thuis en uit omdraaien"
      question={<p>{away} wordt de thuisploeg en {home} de uitploeg. Doorgaan?</p>}
      confirmLabel="Ja, omdraaien"
      send={async (reason, idempotencyKey) => {
        const outcome = await attempt(api.POST('/api/matches/{id}/swap', { params: { path: { id: matchId } }, body: { reason, idempotencyKey } }));
        return outcome.ok
          ? { tone: 'good', lines: [`Thuis en uit omgedraaid: ${outcome.data.homeTeam.name} speelt nu thuis tegen ${outcome.data.awayTeam.name}.`] }
          : { tone: 'bad', lines: messagesOf(outcome.error) };
      }}
    />
  );
}
