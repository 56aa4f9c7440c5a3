'use client';
// The line-up (spelerslijst, Regel 5, 13): 6 numbered pairs and up to 6 reserves from the
// club's member list, each with their eligibility on the match date. An ineligible player
// can still be recorded (the form records what happened), with a clear Regel 4 warning.
import { useRouter } from 'next/navigation';
import { FormEvent, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice, NoticeMessage } from '@/components/ui/notice';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-server';
import { cn } from '@/lib/cn';
import { attempt, messagesOf } from './call';

type TeamLineup = Schemas['TeamLineupDto'];
type Player = Schemas['LineupPlayerDto'];
interface PairDraft {
  memberIds: [string, string];
  fromSet: number;
}

const control = 'mt-1 block min-h-11 w-full rounded-md border border-stone-300 bg-white px-2 text-base';

function initialPairs(lineup: TeamLineup, pairsPerTeam: number): PairDraft[] {
  return Array.from({ length: pairsPerTeam }, (_, i) => {
    const pair = lineup.pairs.find((p) => p.pairNumber === i + 1);
    return { memberIds: [pair?.players[0]?.memberId ?? '', pair?.players[1]?.memberId ?? ''], fromSet: pair?.fromSet ?? 1 };
  });
}

function initialReserves(lineup: TeamLineup, maxReserves: number): string[] {
  return Array.from({ length: maxReserves }, (_, i) => lineup.reserves[i]?.memberId ?? '');
}

export function IneligibleNote({ player, deduction }: { player: Player; deduction: number }) {
  return (
    <p className="mt-1 rounded-md bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-300">
      <strong>{player.name} is niet speelgerechtigd:</strong> {player.reasons.join('; ').replace(/\.?$/, '.')} U kunt deze speler toch opnemen, maar dan geldt Regel 4: uw team verliest de
      wedstrijd en krijgt {deduction} competitiepunten aftrek.
    </p>
  );
}

function PlayerSelect({
  context,
  label,
  value,
  players,
  taken,
  onChange,
  deduction,
}: {
  /** Read by screen readers before the label: "Koppel 2, ". */
  context?: string;
  label: string;
  value: string;
  players: Player[];
  taken: Map<string, string>;
  onChange: (id: string) => void;
  deduction: number;
}) {
  const chosen = players.find((p) => p.memberId === value);
  return (
    <div>
      <label className="block text-sm font-medium text-stone-700">
        {context && <span className="sr-only">{context}</span>}
        {label}
        <select value={value} onChange={(e) => onChange(e.target.value)} className={cn(control, chosen && !chosen.eligible && 'border-amber-500')}>
          <option value="">— kies een speler —</option>
          {players.map((p) => {
            const elsewhere = p.memberId !== value ? taken.get(p.memberId) : undefined;
            return (
              <option key={p.memberId} value={p.memberId} disabled={elsewhere !== undefined}>
                {p.name}
                {p.memberNumber ? ` (${p.memberNumber})` : ''}
                {p.eligible ? '' : ' — niet speelgerechtigd'}
                {elsewhere ? ` — al bij ${elsewhere}` : ''}
              </option>
            );
          })}
        </select>
      </label>
      {chosen && !chosen.eligible && <IneligibleNote player={chosen} deduction={deduction} />}
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
  const [pairs, setPairs] = useState(() => initialPairs(lineup, pairsPerTeam));
  const [reserves, setReserves] = useState(() => initialReserves(lineup, maxReserves));
  const [override, setOverride] = useState<Override>('');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<NoticeMessage | null>(null);

  const players = useMemo(() => {
    const candidates = lineup.candidates ?? [];
    const saved = [...lineup.pairs.flatMap((p) => p.players), ...lineup.reserves];
    const extra = saved.filter((p) => !candidates.some((c) => c.memberId === p.memberId));
    return [...candidates, ...extra];
  }, [lineup]);

  const taken = new Map<string, string>();
  pairs.forEach((p, i) => p.memberIds.forEach((id) => id && taken.set(id, `koppel ${i + 1}`)));
  reserves.forEach((id) => id && taken.set(id, 'de reserves'));
  const ineligibleChosen = players.filter((p) => taken.has(p.memberId) && !p.eligible);
  const locked = lineup.locked;
  const editable = !locked || isAdmin;
  const needsReason = locked || override !== '';

  function setPair(index: number, change: Partial<PairDraft>) {
    setPairs((all) => all.map((p, i) => (i === index ? { ...p, ...change } : p)));
    setMessage(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const half = pairs.map((p, i) => ({ ...p, pairNumber: i + 1 })).filter((p) => (p.memberIds[0] === '') !== (p.memberIds[1] === ''));
    if (half.length) {
      setMessage({ tone: 'bad', lines: half.map((p) => `Koppel ${p.pairNumber}: kies twee spelers, of laat het koppel helemaal leeg als het ontbrak (Regel 12A).`) });
      return;
    }
    if (needsReason && reason.trim().length < 3) {
      setMessage({ tone: 'bad', lines: [locked ? 'De uitslag staat al vast: geef de reden van deze wijziging.' : 'Geef de reden waarom de bond dit vastlegt.'] });
      return;
    }
    setBusy(true);
    const outcome = await attempt(
      api.PUT('/api/matches/{id}/lineups/{teamId}', {
        params: { path: { id: lineup.matchId, teamId: lineup.teamId } },
        body: {
          pairs: pairs.map((p, i) => ({ pairNumber: i + 1, memberIds: p.memberIds, fromSet: p.fromSet })).filter((p) => p.memberIds[0] !== ''),
          reserves: reserves.filter(Boolean),
          ...(override ? { composedBeforeMatch: override === 'yes' } : {}),
          ...(needsReason ? { reason: reason.trim() } : {}),
        },
      }),
    );
    setBusy(false);
    if (!outcome.ok) {
      setMessage({ tone: 'bad', lines: messagesOf(outcome.error) });
      return;
    }
    const saved = outcome.data;
    const flagged = [...saved.pairs.flatMap((p) => p.players), ...saved.reserves].filter((p) => !p.eligible);
    setMessage({
      tone: 'good',
      lines: [
        `Spelerslijst van ${saved.teamName} opgeslagen: ${saved.pairs.length} koppels, ${saved.reserves.length} reserves.`,
        ...(flagged.length ? [`Vastgelegd als niet speelgerechtigd: ${flagged.map((p) => p.name).join(', ')} (Regel 4).`] : []),
      ],
    });
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
                  context={`Koppel ${i + 1}, `}
                  label={`speler ${slot + 1}`}
                  value={pair.memberIds[slot]}
                  players={players}
                  taken={taken}
                  deduction={deduction}
                  onChange={(id) => setPair(i, { memberIds: (slot === 0 ? [id, pair.memberIds[1]] : [pair.memberIds[0], id]) as [string, string] })}
                />
              ))}
            </div>
          ))}
        </div>
        <p className="text-xs text-stone-600">
          Laat een koppel leeg als het niet kwam: de tegenstander krijgt dan {missingSetPoints}–0 voor elke set van dat koppel (Regel 12A). Met minder dan {minimumPairsToStart} koppels bij aanvang kan de wedstrijd
          niet beginnen (Regel 7).
        </p>
      </fieldset>

      <fieldset disabled={!editable} className="space-y-3">
        <legend className="mb-2 font-semibold text-brand-900">Reserves (hoogstens {maxReserves})</legend>
        <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-3">
          {reserves.map((id, i) => (
            <PlayerSelect
              key={i}
              label={`Reserve ${i + 1}`}
              value={id}
              players={players}
              taken={taken}
              deduction={deduction}
              onChange={(value) => setReserves((all) => all.map((r, j) => (j === i ? value : r)))}
            />
          ))}
        </div>
      </fieldset>

      <fieldset disabled={!editable} className="space-y-3">
        <ComposedBefore lineup={lineup} startText={startText} fineText={fineText} isAdmin={isAdmin} override={override} onOverride={setOverride} />
        {needsReason && isAdmin && (
          <label className="block text-sm font-medium text-stone-700">
            Reden van de wijziging (verplicht, komt in het logboek)
            <input value={reason} onChange={(e) => setReason(e.target.value)} className={control} />
          </label>
        )}
      </fieldset>

      {ineligibleChosen.length > 0 && (
        <div role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
          <p className="font-semibold">
            Let op: {ineligibleChosen.length === 1 ? '1 speler is' : `${ineligibleChosen.length} spelers zijn`} niet speelgerechtigd op deze wedstrijddatum (
            {ineligibleChosen.map((p) => p.name).join(', ')}).
          </p>
          <p>
            De spelerslijst legt vast wat er gebeurde, dus u kunt opslaan. Zodra de uitslag bevestigd is geldt Regel 4: uw team verliest de wedstrijd en krijgt {deduction}{' '}
            competitiepunten aftrek.
          </p>
        </div>
      )}
      <Notice message={message} />
      {editable && (
        <Button type="submit" disabled={busy} className="min-h-12 w-full text-base sm:w-auto">
          {busy ? 'Bezig met opslaan…' : 'Spelerslijst opslaan'}
        </Button>
      )}
    </form>
  );
}
