'use client';
// The entry of one set at the table: the four games with large buttons (who gets the
// points, and how), or the set total; and which pair enters it (the other one signs).
import { cn } from '@/lib/cn';
import { FIXED_GAME_POINTS, GAME_KIND_OPTIONS, GameKind, PENALTY_OPTIONS, PenaltyRule } from '@/components/matches/labels';
import { GAME_KINDS } from '@/lib/vocabulary';
import { GameDraft, gamesTotal, gameValue, onlyPenaltyPoints } from '@/components/matches/result-draft';
import type { Side, TableSet } from '@/lib/match-night';
import type { SetDraftAtTable } from './set-draft';

/** The buttons of "how": each kind's word (lib/vocabulary.ts) with what it is worth. */
const KINDS: { kind: GameKind; label: string; points: string }[] = GAME_KIND_OPTIONS.map(({ kind }) => ({
  kind,
  label: GAME_KINDS[kind].choice,
  points: kind === 'PENALTY' ? 'regel' : String(FIXED_GAME_POINTS[kind]),
}));

const big = 'flex min-h-12 flex-col items-center justify-center rounded-lg px-1 py-1 text-center leading-tight ring-1 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';
const control = 'block min-h-12 w-full rounded-md border border-stone-300 bg-white px-2 text-base';

export const pairText = (set: TableSet, side: Side) => (side === 'HOME' ? set.homePair : set.awayPair).names.join(' / ') || `koppel ${(side === 'HOME' ? set.homePair : set.awayPair).number}`;

function SideButtons({ set, value, onChange, label }: { set: TableSet; value: Side | null; onChange: (side: Side) => void; label: string }) {
  return (
    <div role="group" aria-label={label} className="grid grid-cols-2 gap-2">
      {(['HOME', 'AWAY'] as const).map((side) => (
        <button
          key={side}
          type="button"
          aria-pressed={value === side}
          onClick={() => onChange(side)}
          className={cn(big, value === side ? (side === 'HOME' ? 'bg-brand-600 text-white ring-brand-600' : 'bg-stone-800 text-white ring-stone-800') : 'bg-white text-stone-800 ring-stone-300')}
        >
          <span className="text-xs uppercase tracking-wide">{side === 'HOME' ? 'Thuis' : 'Uit'}</span>
          <span className="line-clamp-2 w-full break-words text-sm font-semibold">{pairText(set, side)}</span>
        </button>
      ))}
    </div>
  );
}

function GameInputRow({ set, index, game, onChange }: { set: TableSet; index: number; game: GameDraft; onChange: (game: GameDraft) => void }) {
  const value = gameValue(game);
  const penalty = PENALTY_OPTIONS.find((o) => o.rule === game.penaltyRule);
  return (
    <fieldset className="rounded-lg bg-white p-3 ring-1 ring-stone-200" aria-label={`Partij ${index + 1}`}>
      <legend className="sr-only">Partij {index + 1}</legend>
      <div className="mb-2 flex h-6 items-center justify-between" aria-hidden>
        <span className="font-semibold">Partij {index + 1}</span>
        <span className="tabular-nums text-stone-600">{value !== null && game.winner ? `+${value} ${game.winner === 'HOME' ? 'thuis' : 'uit'}` : ''}</span>
      </div>
      <SideButtons set={set} value={game.winner} label={`Partij ${index + 1}: punten voor`} onChange={(winner) => onChange({ ...game, winner })} />
      <div role="group" aria-label={`Partij ${index + 1}: hoe`} className="mt-2 grid grid-cols-3 gap-2">
        {KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            aria-pressed={game.kind === k.kind}
            onClick={() => onChange({ ...game, kind: k.kind, ...(k.kind === 'PENALTY' ? {} : { penaltyRule: '', points: '' }) })}
            className={cn(big, 'text-sm', game.kind === k.kind ? 'bg-brand-50 font-semibold text-brand-900 ring-2 ring-brand-600' : 'bg-white text-stone-800 ring-stone-300')}
          >
            <span>{k.label}</span>
            <span className="text-xs text-stone-500">{k.points}</span>
          </button>
        ))}
      </div>
      {game.kind === 'PENALTY' && (
        <div className="mt-2 grid grid-cols-[1fr_7rem] gap-2">
          <select
            aria-label={`Partij ${index + 1}: strafregel`}
            value={game.penaltyRule}
            onChange={(e) => {
              const rule = e.target.value as PenaltyRule | '';
              onChange({ ...game, penaltyRule: rule, points: onlyPenaltyPoints(rule) || '' });
            }}
            className={control}
          >
            <option value="">Regel…</option>
            {PENALTY_OPTIONS.map((o) => (
              <option key={o.rule} value={o.rule}>
                Regel {o.rule}: {o.about}
              </option>
            ))}
          </select>
          <select aria-label={`Partij ${index + 1}: strafpunten`} value={game.points} onChange={(e) => onChange({ ...game, points: e.target.value })} className={control}>
            <option value="">punten…</option>
            {(penalty?.points ?? []).map((p) => (
              <option key={p} value={p}>
                {p} punten
              </option>
            ))}
          </select>
        </div>
      )}
    </fieldset>
  );
}

function TotalInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="block text-sm text-stone-700">
      <span className="block truncate">{label}</span>
      <input
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={3}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
        className="mt-1 block h-16 w-full rounded-md border border-stone-300 bg-white text-center text-3xl font-semibold tabular-nums"
      />
    </label>
  );
}

export function SetEntry({ set, draft, onChange }: { set: TableSet; draft: SetDraftAtTable; onChange: (draft: SetDraftAtTable) => void }) {
  const running = gamesTotal({ tableNumber: 0, games: draft.games, home: '', away: '' });
  return (
    <div className="space-y-3">
      <div role="radiogroup" aria-label="Invoeren als" className="grid grid-cols-2 gap-1 rounded-lg bg-stone-200 p-1">
        {(
          [
            ['games', 'Per partij'],
            ['totals', 'Setstand'],
          ] as const
        ).map(([mode, label]) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={draft.mode === mode}
            onClick={() => onChange({ ...draft, mode })}
            className={cn('min-h-11 rounded-md font-medium', draft.mode === mode ? 'bg-white text-brand-900 shadow-sm' : 'text-stone-700')}
          >
            {label}
          </button>
        ))}
      </div>
      {draft.mode === 'games' ? (
        <>
          {draft.games.map((game, i) => (
            <GameInputRow key={i} set={set} index={i} game={game} onChange={(changed) => onChange({ ...draft, games: draft.games.map((g, j) => (j === i ? changed : g)) })} />
          ))}
          <p className="flex items-baseline justify-between rounded-lg bg-white px-3 py-2 ring-1 ring-stone-200" aria-live="polite">
            <span className="text-stone-600">Stand</span>
            <span className="text-2xl font-bold tabular-nums" aria-label={`Stand set ${set.setNumber}`}>
              {running.home}–{running.away}
            </span>
          </p>
        </>
      ) : (
        <div className="grid grid-cols-2 gap-3 rounded-lg bg-white p-3 ring-1 ring-stone-200">
          <TotalInput label={`Thuis: ${pairText(set, 'HOME')}`} value={draft.home} onChange={(home) => onChange({ ...draft, home })} />
          <TotalInput label={`Uit: ${pairText(set, 'AWAY')}`} value={draft.away} onChange={(away) => onChange({ ...draft, away })} />
        </div>
      )}
      <div className="rounded-lg bg-white p-3 ring-1 ring-stone-200">
        <p className="mb-2 font-medium">Wie voert in? Het andere koppel ondertekent straks.</p>
        <SideButtons set={set} value={draft.enteredBy} label="Ingevoerd door" onChange={(enteredBy) => onChange({ ...draft, enteredBy })} />
      </div>
    </div>
  );
}
