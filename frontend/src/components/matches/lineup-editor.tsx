'use client';
// The line-up (spelerslijst, Regel 5, 13): 6 numbered pairs and up to 6 reserves from the
// club's member list, each with their eligibility on the match date. An ineligible player
// can still be recorded (the form records what happened): the list says why and from when
// they may play, and saving asks first, with what Regel 4 means for a pair or a reserve.
// One state says whether the form is saved (beside the save button, and in the copy notice):
// a draft that differs from the saved line-up is "niet opgeslagen", and leaving it asks first.
import { useRouter } from 'next/navigation';
import { FormEvent, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice, NoticeMessage } from '@/components/ui/notice';
import { useLeaveWarning } from '@/components/ui/use-leave-warning';
import { useSubmit } from '@/components/ui/use-submit';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { cn } from '@/lib/cn';
import { count, formatDate } from '@/lib/format';
import { attempt, messagesOf } from './call';
import { CopyPreviousLineup } from './copy-previous-lineup';

type TeamLineup = Schemas['TeamLineupDto'];
type Player = Schemas['LineupPlayerDto'];
interface PairDraft {
  memberIds: [string, string];
  fromSet: number;
}

const control = 'mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base';

/** Short words for a pick list; the full reason (with dates and the rule) is shown once the player is chosen. */
const SHORT_REASON: Record<Player['reasonCodes'][number], string> = {
  NOT_ON_LIST: 'niet op de moederlijst',
  ON_OTHER_CLUB_LIST: 'op de moederlijst van een andere vereniging',
  REGISTERED_TOO_LATE: 'te laat ingeschreven',
  SUSPENDED: 'geschorst',
  EXPELLED: 'geroyeerd',
};

/** "niet speelgerechtigd: te laat ingeschreven, speelgerechtigd vanaf 07-10-2026". */
export function ineligibleLabel(player: Pick<Player, 'reasonCodes' | 'eligibleFrom'>): string {
  const why = player.reasonCodes.map((code) => SHORT_REASON[code]).join(', ');
  return `niet speelgerechtigd${why ? `: ${why}` : ''}${player.eligibleFrom ? `, speelgerechtigd vanaf ${formatDate(player.eligibleFrom)}` : ''}`;
}

/** Where a chosen player sits: a pair plays, a reserve only when brought in. */
type Slot = 'pair' | 'reserve';

/** What Regel 4 means for this player: a pair player plays; a reserve only counts if they come in. */
function consequence(slot: Slot, deduction: number): string {
  const loss = `verliest uw team de wedstrijd en krijgt het ${count(deduction, 'competitiepunt', 'competitiepunten')} aftrek (Regel 4)`;
  return slot === 'pair'
    ? `Speelt deze speler, dan ${loss}.`
    : `Als reserve heeft dit geen gevolgen zolang deze speler niet invalt. Valt deze speler in, dan ${loss}.`;
}

function initialPairs(lineup: TeamLineup, pairsPerTeam: number): PairDraft[] {
  return Array.from({ length: pairsPerTeam }, (_, i) => {
    const pair = lineup.pairs.find((p) => p.pairNumber === i + 1);
    return { memberIds: [pair?.players[0]?.memberId ?? '', pair?.players[1]?.memberId ?? ''], fromSet: pair?.fromSet ?? 1 };
  });
}

function initialReserves(lineup: TeamLineup, maxReserves: number): string[] {
  return Array.from({ length: maxReserves }, (_, i) => lineup.reserves[i]?.memberId ?? '');
}

/** What a save would store of a draft: the pairs with players (and from which set), the reserves chosen. */
function stored(pairs: PairDraft[], reserves: string[]): string {
  return JSON.stringify({
    pairs: pairs.map((p, i) => (p.memberIds[0] === '' && p.memberIds[1] === '' ? null : { pair: i + 1, players: p.memberIds, fromSet: p.fromSet })).filter(Boolean),
    reserves: [...reserves.filter(Boolean)].sort(),
  });
}

/** The question before leaving a line-up that is not saved. */
export const UNSAVED_LINEUP_QUESTION = 'De spelerslijst is nog niet opgeslagen. Weggaan zonder op te slaan?';

export function IneligibleNote({ player, deduction, slot = 'pair', id }: { player: Player; deduction: number; slot?: Slot; id?: string }) {
  const reasons = player.reasons.length ? player.reasons.join('; ').replace(/\.?$/, '.') : `${ineligibleLabel(player).replace(/^niet speelgerechtigd: ?/, '')}.`;
  return (
    <p id={id} className="mt-1 rounded-md bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-300">
      <strong>{player.name} is niet speelgerechtigd:</strong> {reasons}
      {player.eligibleFrom && <strong> Speelgerechtigd vanaf {formatDate(player.eligibleFrom)}.</strong>} U kunt deze speler toch opnemen. {consequence(slot, deduction)}
    </p>
  );
}

function PlayerSelect({
  id,
  context,
  label,
  value,
  players,
  taken,
  onChange,
  deduction,
  slot,
  problem,
}: {
  id: string;
  /** Read by screen readers before the label: "Koppel 2, ". */
  context?: string;
  label: string;
  value: string;
  players: Player[];
  taken: Map<string, string>;
  onChange: (id: string) => void;
  deduction: number;
  slot: Slot;
  /** Why this field cannot stay as it is (an empty place in a half-filled pair), shown under it. */
  problem?: string;
}) {
  const chosen = players.find((p) => p.memberId === value);
  const described = [problem && `${id}-problem`, chosen && !chosen.eligible && `${id}-note`].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label className="block text-sm font-medium text-stone-700">
        {context && <span className="sr-only">{context}</span>}
        {label}
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={described}
          className={cn(control, chosen && !chosen.eligible && 'border-amber-500', problem && 'border-red-600 ring-1 ring-red-600')}
        >
          <option value="">— kies een speler —</option>
          {players.map((p) => {
            const elsewhere = p.memberId !== value ? taken.get(p.memberId) : undefined;
            // One member, one match a day: already on the line-up of another match of this date.
            const otherMatch = p.memberId !== value ? p.playsElsewhere : null;
            return (
              <option key={p.memberId} value={p.memberId} disabled={elsewhere !== undefined || Boolean(otherMatch)}>
                {p.name}
                {p.memberNumber ? ` (${p.memberNumber})` : ''}
                {p.eligible ? '' : ` — ${ineligibleLabel(p)}`}
                {elsewhere ? ` — al bij ${elsewhere}` : ''}
                {otherMatch ? ` — speelt deze dag al bij ${otherMatch}` : ''}
              </option>
            );
          })}
        </select>
      </label>
      {problem && (
        <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      {chosen && !chosen.eligible && <IneligibleNote id={`${id}-note`} player={chosen} deduction={deduction} slot={slot} />}
    </div>
  );
}

type Override = '' | 'yes' | 'no';

/**
 * Regel 5D/5E: the system decides whether the line-up was composed before the match (its
 * first save before the start). A secretary reads that; an administrator may record it
 * otherwise (e.g. when typing over a paper form later), with a reason.
 */
function ComposedBefore({ lineup, startText, fineText, isAdmin, override, onOverride }: {
  lineup: TeamLineup;
  startText: string;
  fineText: string;
  isAdmin: boolean;
  override: Override;
  onOverride: (value: Override) => void;
}) {
  const status =
    lineup.composedBeforeMatch === null
      ? `Nog niet opgeslagen. Sla de spelerslijst op vóór de aanvang (${startText}); de eerste keer opslaan telt.`
      : lineup.composedBeforeMatch
        ? 'Vóór de wedstrijd samengesteld: deze spelerslijst werd vóór de aanvang voor het eerst opgeslagen (of zo vastgelegd door de bond).'
        : 'Niet vóór de wedstrijd samengesteld: deze spelerslijst werd pas na de aanvang voor het eerst opgeslagen (of zo vastgelegd door de bond).';
  return (
    <div className="rounded-lg bg-white p-3 ring-1 ring-stone-200">
      <p className="font-medium">Spelerslijst vóór de wedstrijd samengesteld (Regel 5D/5E)</p>
      <p className="text-sm text-stone-700">{status}</p>
      <p className="text-sm text-stone-600">{fineText}</p>
      {isAdmin && (
        <label className="mt-2 block text-sm font-medium text-stone-700">
          Vastleggen door de bond
          <select value={override} onChange={(e) => onOverride(e.target.value as Override)} className={control}>
            <option value="">Niet aanpassen (het systeem beslist)</option>
            <option value="yes">Wel vóór de wedstrijd samengesteld</option>
            <option value="no">Niet vóór de wedstrijd samengesteld</option>
          </select>
        </label>
      )}
    </div>
  );
}

export function LineupEditor({
  lineup,
  pairsPerTeam,
  maxReserves,
  deduction,
  missingSetPoints,
  minimumPairsToStart,
  isAdmin,
  startText,
  fineText,
}: {
  lineup: TeamLineup;
  pairsPerTeam: number;
  maxReserves: number;
  deduction: number;
  /** The season's Regel 12A credit per set not played (X–0). */
  missingSetPoints: number;
  /** The season's minimum of pairs to start (Regel 5, 7). */
  minimumPairsToStart: number;
  isAdmin: boolean;
  /** When the match begins, e.g. "03-10-2026, 20:00 uur". */
  startText: string;
  /** What happens when the line-up was not composed before the match (Regel 5D/5E), with the season's amounts. */
  fineText: string;
}) {
  const router = useRouter();
  /** The line-up as last saved: the page's, then each save's answer (before the page is read again). */
  const [saved, setSaved] = useState(lineup);
  const [pairs, setPairs] = useState(() => initialPairs(lineup, pairsPerTeam));
  const [reserves, setReserves] = useState(() => initialReserves(lineup, maxReserves));
  /** A copy of the previous match's line-up shown in its notice (reset once saved). */
  const [copyNotice, setCopyNotice] = useState(0);
  // The page read again (after a save, or another device's): that is the saved line-up now.
  const [given, setGiven] = useState(lineup);
  if (lineup !== given) {
    setGiven(lineup);
    setSaved(lineup);
  }
  const [override, setOverride] = useState<Override>('');
  const [reason, setReason] = useState('');
  const { busy, message, setMessage, submit: send } = useSubmit();
  /** Set by a save attempt: from then on the empty places of an incomplete line-up are marked. */
  const [checked, setChecked] = useState(false);
  /** Saving with a player who may not play waits for a "yes". */
  const [asking, setAsking] = useState(false);

  const players = useMemo(() => {
    const candidates = lineup.candidates ?? [];
    const saved = [...lineup.pairs.flatMap((p) => p.players), ...lineup.reserves];
    const extra = saved.filter((p) => !candidates.some((c) => c.memberId === p.memberId));
    return [...candidates, ...extra];
  }, [lineup]);

  const taken = new Map<string, string>();
  pairs.forEach((p, i) => p.memberIds.forEach((id) => id && taken.set(id, `koppel ${i + 1}`)));
  reserves.forEach((id) => id && taken.set(id, 'de reserves'));
  const reserveIds = new Set(reserves.filter(Boolean));
  const ineligibleChosen = players
    .filter((p) => taken.has(p.memberId) && !p.eligible)
    .map((player) => ({ player, slot: (reserveIds.has(player.memberId) ? 'reserve' : 'pair') as Slot }));
  const locked = lineup.locked;
  const editable = !locked || isAdmin;
  const needsReason = locked || override !== '';
  /** Whether the form differs from the saved line-up (a copied line-up included), or the federation's override waits. */
  const unsaved = stored(pairs, reserves) !== stored(initialPairs(saved, pairsPerTeam), initialReserves(saved, maxReserves)) || override !== '';
  const everSaved = saved.composedBeforeMatch !== null || saved.pairs.length > 0;
  useLeaveWarning(unsaved && editable, UNSAVED_LINEUP_QUESTION);
  const emptyPairs = pairs.flatMap((p, i) => (p.memberIds[0] === '' && p.memberIds[1] === '' ? [i + 1] : []));

  /** The message under each empty place of an incomplete line-up, by field id ("pair-3-2"). */
  const problems = new Map<string, string>();
  if (checked) {
    pairs.forEach((p, i) => {
      p.memberIds.forEach((id, slot) => {
        const other = p.memberIds[1 - slot];
        if (id === '' && other !== '') problems.set(`pair-${i + 1}-${slot + 1}`, `Kies speler ${slot + 1} van koppel ${i + 1}, of maak het koppel helemaal leeg als het ontbrak (Regel 12A).`);
      });
    });
    if (emptyPairs.length === pairs.length && pairs.length > 0) {
      [1, 2].forEach((slot) => problems.set(`pair-1-${slot}`, `Kies speler ${slot} van koppel 1: een spelerslijst heeft ten minste één koppel.`));
    }
  }
  const reasonProblem =
    checked && needsReason && reason.trim().length < 3 ? (locked ? 'De uitslag staat al vast: geef de reden van deze wijziging.' : 'Geef de reden waarom de bond dit vastlegt.') : undefined;

  function setPair(index: number, change: Partial<PairDraft>) {
    setPairs((all) => all.map((p, i) => (i === index ? { ...p, ...change } : p)));
    setMessage(null);
    setAsking(false);
  }

  /** Problems of the draft as they are now (the state update of `checked` is not visible yet in this call). */
  function incomplete(): number {
    const half = pairs.filter((p) => (p.memberIds[0] === '') !== (p.memberIds[1] === '')).length;
    const none = pairs.length > 0 && pairs.every((p) => p.memberIds[0] === '' && p.memberIds[1] === '') ? 1 : 0;
    const noReason = needsReason && reason.trim().length < 3 ? 1 : 0;
    return half + none + noReason;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (incomplete() > 0) {
      setAsking(false);
      setMessage({ tone: 'bad', lines: ['De spelerslijst is nog niet compleet: vul de rood gemarkeerde velden in.'] });
      // The first empty place of a half-filled pair (or of pair 1 when all are empty) gets the focus.
      const first = pairs.findIndex((p) => (p.memberIds[0] === '') !== (p.memberIds[1] === ''));
      const allEmpty = pairs.every((p) => p.memberIds[0] === '' && p.memberIds[1] === '');
      const field = first >= 0 ? `pair-${first + 1}-${pairs[first].memberIds[0] === '' ? 1 : 2}` : allEmpty ? 'pair-1-1' : null;
      if (field) document.getElementById(field)?.focus();
      return;
    }
    setMessage(null);
    if (ineligibleChosen.length > 0) {
      setAsking(true);
      return;
    }
    void save();
  }

  async function save() {
    const answer = await send(async (idempotencyKey) => {
      const outcome = await attempt(
        api.PUT('/api/matches/{id}/lineups/{teamId}', {
          params: { path: { id: lineup.matchId, teamId: lineup.teamId } },
          body: {
            pairs: pairs.map((p, i) => ({ pairNumber: i + 1, memberIds: p.memberIds, fromSet: p.fromSet })).filter((p) => p.memberIds[0] !== ''),
            reserves: reserves.filter(Boolean),
            ...(override ? { composedBeforeMatch: override === 'yes' } : {}),
            ...(needsReason ? { reason: reason.trim() } : {}),
            idempotencyKey,
          },
        }),
      );
      if (!outcome.ok) return { tone: 'bad', lines: messagesOf(outcome.error) };
      const saved = outcome.data;
      setSaved(saved);
      setPairs(initialPairs(saved, pairsPerTeam));
      setReserves(initialReserves(saved, maxReserves));
      const flagged = [...saved.pairs.flatMap((p) => p.players), ...saved.reserves].filter((p) => !p.eligible);
      return {
        tone: 'good',
        lines: [
          `Spelerslijst van ${saved.teamName} opgeslagen: ${count(saved.pairs.length, 'koppel', 'koppels')}, ${count(saved.reserves.length, 'reserve', 'reserves')}.`,
          ...(flagged.length ? [`Vastgelegd als niet speelgerechtigd: ${flagged.map((p) => p.name).join(', ')} (Regel 4).`] : []),
        ],
      };
    });
    if (!answer) return;
    setAsking(false);
    if (answer.tone !== 'good') return;
    setCopyNotice((n) => n + 1);
    setChecked(false);
    setOverride('');
    setReason('');
    router.refresh();
  }

  return (
    <form onSubmit={submit} className="space-y-5" aria-label={`Spelerslijst ${lineup.teamName}`}>
      {locked && (
        <p className="rounded-md bg-stone-100 p-3 text-sm text-stone-800">
          De uitslag staat vast.{' '}
          {isAdmin ? 'Als bondsbeheerder kunt u de spelerslijst nog wijzigen, met een reden.' : 'Alleen de bond kan de spelerslijst nog wijzigen.'}
        </p>
      )}
      {lineup.candidates?.length === 0 && (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          Er staat nog niemand op de moederlijst van uw vereniging voor dit seizoen. Lees eerst de moederlijst in onder Mijn vereniging › Moederlijst.
        </p>
      )}
      {!locked && (
        <CopyPreviousLineup
          key={copyNotice}
          matchId={lineup.matchId}
          teamId={lineup.teamId}
          unsaved={unsaved}
          onCopy={(draft) => {
            // The draft replaces the form; a seat of a player left out stays empty for the secretary to fill.
            setPairs(Array.from({ length: pairsPerTeam }, (_, i) => {
              const pair = draft.pairs.find((p) => p.pairNumber === i + 1);
              return { memberIds: [pair?.memberIds[0] ?? '', pair?.memberIds[1] ?? ''], fromSet: 1 };
            }));
            setReserves(Array.from({ length: maxReserves }, (_, i) => draft.reserves[i] ?? ''));
            setMessage(null);
            setAsking(false);
          }}
        />
      )}
      <fieldset disabled={!editable} className="space-y-3">
        <legend className="mb-2 font-semibold text-brand-900">Koppels</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {pairs.map((pair, i) => (
            <div key={i} className="rounded-lg bg-white p-3 ring-1 ring-stone-200">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">Koppel {i + 1}</h3>
                <label className="text-xs text-stone-600">
                  Speelt vanaf{' '}
                  <select
                    aria-label={`Koppel ${i + 1}: speelt vanaf set`}
                    value={pair.fromSet}
                    onChange={(e) => setPair(i, { fromSet: Number(e.target.value) })}
                    className="min-h-9 rounded-md border border-stone-300 bg-white px-1 text-sm"
                  >
                    {Array.from({ length: pairsPerTeam }, (_, s) => (
                      <option key={s + 1} value={s + 1}>
                        {s === 0 ? 'set 1 (aanvang)' : `set ${s + 1} (laatkomer)`}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
              {[0, 1].map((slot) => (
                <PlayerSelect
                  key={slot}
                  id={`pair-${i + 1}-${slot + 1}`}
                  context={`Koppel ${i + 1}, `}
                  label={`speler ${slot + 1}`}
                  value={pair.memberIds[slot]}
                  players={players}
                  taken={taken}
                  deduction={deduction}
                  slot="pair"
                  problem={problems.get(`pair-${i + 1}-${slot + 1}`)}
                  onChange={(id) => setPair(i, { memberIds: (slot === 0 ? [id, pair.memberIds[1]] : [pair.memberIds[0], id]) as [string, string] })}
                />
              ))}
            </div>
          ))}
        </div>
        <p className="text-xs text-stone-600">
          Laat een koppel leeg als het niet kwam: de tegenstander krijgt dan {missingSetPoints}–0 voor elke set van dat koppel (Regel 12A). Met minder dan {count(minimumPairsToStart, 'koppel', 'koppels')} bij aanvang kan de wedstrijd
          niet beginnen (Regel 7).
        </p>
      </fieldset>

      <fieldset disabled={!editable} className="space-y-3">
        <legend className="mb-2 font-semibold text-brand-900">Reserves (hoogstens {maxReserves})</legend>
        <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-3">
          {reserves.map((id, i) => (
            <PlayerSelect
              key={i}
              id={`reserve-${i + 1}`}
              label={`Reserve ${i + 1}`}
              value={id}
              players={players}
              taken={taken}
              deduction={deduction}
              slot="reserve"
              onChange={(value) => {
                setReserves((all) => all.map((r, j) => (j === i ? value : r)));
                setAsking(false);
              }}
            />
          ))}
        </div>
      </fieldset>

      <fieldset disabled={!editable} className="space-y-3">
        <ComposedBefore lineup={saved} startText={startText} fineText={fineText} isAdmin={isAdmin} override={override} onOverride={setOverride} />
        {needsReason && isAdmin && (
          <label className="block text-sm font-medium text-stone-700">
            Reden van de wijziging (verplicht, komt in het logboek)
            <input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonProblem ? true : undefined}
              aria-describedby={reasonProblem ? 'lineup-reason-problem' : undefined}
              className={cn(control, reasonProblem && 'border-red-600 ring-1 ring-red-600')}
            />
            {reasonProblem && (
              <span id="lineup-reason-problem" className="mt-1 block text-sm font-medium text-red-700">
                {reasonProblem}
              </span>
            )}
          </label>
        )}
      </fieldset>

      {ineligibleChosen.length > 0 && !asking && (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          <p className="font-semibold">
            Let op: {ineligibleChosen.length === 1 ? '1 speler is' : `${ineligibleChosen.length} spelers zijn`} niet speelgerechtigd op deze wedstrijddatum (
            {ineligibleChosen.map(({ player }) => player.name).join(', ')}).
          </p>
          <p>De spelerslijst legt vast wat er gebeurde, dus u kunt opslaan; u krijgt dan eerst de gevolgen te zien.</p>
        </div>
      )}
      {asking && (
        <div role="alertdialog" aria-label="Opslaan met een speler die niet speelgerechtigd is" className="space-y-3 rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-2 ring-amber-400">
          <p className="font-semibold">
            {ineligibleChosen.length === 1 ? 'Deze speler is' : 'Deze spelers zijn'} niet speelgerechtigd op {formatDate(lineup.matchDate)}. Toch opslaan?
          </p>
          <ul className="list-disc space-y-2 pl-5">
            {ineligibleChosen.map(({ player, slot }) => (
              <li key={player.memberId}>
                <strong>
                  {player.name} ({slot === 'pair' ? 'in een koppel' : 'reserve'}):
                </strong>{' '}
                {player.reasons.length ? player.reasons.join('; ').replace(/\.?$/, '.') : `${ineligibleLabel(player)}.`}
                {player.eligibleFrom && ` Speelgerechtigd vanaf ${formatDate(player.eligibleFrom)}.`} {consequence(slot, deduction)}
              </li>
            ))}
          </ul>
          {emptyPairs.length > 0 && (
            <p>
              {emptyPairs.length === 1 ? `Koppel ${emptyPairs[0]} is leeg` : `Koppels ${emptyPairs.join(', ')} zijn leeg`}: de tegenstander krijgt {missingSetPoints}–0 voor elke set van{' '}
              {emptyPairs.length === 1 ? 'dat koppel' : 'die koppels'} (Regel 12A).
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="button" disabled={busy} onClick={() => void save()} className="min-h-12">
              {busy ? 'Bezig met opslaan…' : 'Ja, toch opslaan'}
            </Button>
            <Button type="button" variant="secondary" disabled={busy} onClick={() => setAsking(false)} className="min-h-12">
              Nee, spelerslijst aanpassen
            </Button>
          </div>
        </div>
      )}
      <Notice message={message} />
      {editable && (
        <p role="status" aria-live="polite" data-testid="lineup-saved-state" className={cn('text-sm font-medium', unsaved ? 'text-amber-800' : 'text-green-800')}>
          {unsaved
            ? everSaved
              ? 'Niet opgeslagen: deze wijzigingen gelden pas als u de spelerslijst opslaat.'
              : 'Nog niet opgeslagen: de spelerslijst telt pas als u hem opslaat.'
            : everSaved
              ? 'Opgeslagen: het formulier is gelijk aan de opgeslagen spelerslijst.'
              : 'Nog geen spelerslijst opgeslagen.'}
        </p>
      )}
      {editable && !asking && (
        <Button type="submit" disabled={busy} className="min-h-12 w-full text-base sm:w-auto">
          {busy ? 'Bezig met opslaan…' : 'Spelerslijst opslaan'}
        </Button>
      )}
    </form>
  );
}
