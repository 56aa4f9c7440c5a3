'use client';
// One table of one set: 4 games (who gets the points and how) or the set score.
// Big touch targets and numeric keyboards for the phone; plain tab order for a laptop.
import { cn } from '@/lib/cn';
import { GAME_KIND_OPTIONS, GameKind, PENALTY_OPTIONS, PenaltyRule, Seat, Side, SIDE_LABELS, SOURCE_LABELS } from './labels';
import { EntryMode, GameDraft, gamesTotal, onlyPenaltyPoints, TableDraft } from './result-draft';

const control = 'min-h-11 rounded-md border border-stone-300 bg-white px-2 text-base';

function WinnerChoice({ name, value, onChange }: { name: string; value: Side | null; onChange: (side: Side) => void }) {
  return (
    <div className="flex shrink-0 gap-1">
      {(['HOME', 'AWAY'] as const).map((side) => (
        <label key={side} className="cursor-pointer">
          <input type="radio" name={name} className="peer sr-only" checked={value === side} onChange={() => onChange(side)} />
          <span
            className={cn(
              'flex min-h-11 min-w-14 items-center justify-center rounded-md px-2 text-sm font-semibold ring-1 ring-stone-300 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600',
              value === side ? (side === 'HOME' ? 'bg-brand-600 text-white' : 'bg-stone-800 text-white') : 'bg-white text-stone-700',
            )}
          >
            {SIDE_LABELS[side]}
          </span>
        </label>
      ))}
    </div>
  );
}

/** Regel 17A: the scorer picks the closed tricks; the two values (10 and 15) come from the penalty options. */
function ClosedTricksChoice({ label, points, options, onChange }: { label: string; points: string; options: number[]; onChange: (points: string) => void }) {
  const few = String(Math.min(...options));
  const many = String(Math.max(...options));
  return (
    <select
      aria-label={`${label}: afgesloten slagen (Regel 17A)`}
      value={points === few ? 'few' : points === many ? 'many' : ''}
      onChange={(e) => onChange(e.target.value === 'few' ? few : e.target.value === 'many' ? many : '')}
      className={cn(control, 'w-40')}
    >
      <option value="">dichte slagen…</option>
      <option value="few">0–4 slagen: {few} punten</option>
      <option value="many">5 of meer: {many} punten</option>
    </select>
  );
}

function GameRow({ label, name, game, onChange }: { label: string; name: string; game: GameDraft; onChange: (game: GameDraft) => void }) {
  const penalty = PENALTY_OPTIONS.find((o) => o.rule === game.penaltyRule);
  return (
    <div role="group" aria-label={label} className="flex flex-wrap items-center gap-2 py-1.5">
      <span className="w-5 text-sm text-stone-500" aria-hidden>
        {label.split(' ').pop()}
      </span>
      <WinnerChoice name={name} value={game.winner} onChange={(winner) => onChange({ ...game, winner })} />
      <select
        aria-label={`${label}: soort`}
        value={game.kind}
        onChange={(e) => onChange({ ...game, kind: e.target.value as GameKind })}
        className={cn(control, 'min-w-0 flex-1')}
      >
        {GAME_KIND_OPTIONS.map((o) => (
          <option key={o.kind} value={o.kind}>
            {o.label}
          </option>
        ))}
      </select>
      {game.kind === 'PENALTY' && (
        <div className="flex w-full gap-2 pl-7">
          <select
            aria-label={`${label}: strafregel`}
            value={game.penaltyRule}
            onChange={(e) => {
              const rule = e.target.value as PenaltyRule | '';
              // One value: fill it in. Several (Regel 17A: 10 or 15, Regel 17, 6H): the scorer picks again, so
              // points of the old rule never stay behind under a value the new rule shows differently.
              onChange({ ...game, penaltyRule: rule, points: rule === '' ? game.points : onlyPenaltyPoints(rule) });
            }}
            className={cn(control, 'min-w-0 flex-1')}
          >
            <option value="">Regel…</option>
            {PENALTY_OPTIONS.map((o) => (
              <option key={o.rule} value={o.rule}>
                Regel {o.rule}: {o.about}
              </option>
            ))}
          </select>
          {game.penaltyRule === '17A' && penalty ? (
            // Regel 17A: the points follow from the closed tricks (0–4: the lower value, 5 or more: the higher), never typed.
            <ClosedTricksChoice label={label} points={game.points} options={penalty.points} onChange={(points) => onChange({ ...game, points })} />
          ) : (
            <select
              aria-label={`${label}: strafpunten`}
              value={game.points}
              onChange={(e) => onChange({ ...game, points: e.target.value })}
              className={cn(control, 'w-28')}
            >
              <option value="">punten…</option>
              {(penalty?.points ?? [2, 3, 4, 5, 10, 15]).map((p) => (
                <option key={p} value={p}>
                  {p} punten
                </option>
              ))}
            </select>
          )}
        </div>
      )}
    </div>
  );
}

function ScoreInput({ label, value, onChange, invalid, describedBy }: { label: string; value: string; onChange: (v: string) => void; invalid: boolean; describedBy?: string }) {
  return (
    <input
      aria-label={label}
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="off"
      enterKeyHint="done"
      maxLength={3}
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      className={cn(control, 'h-14 w-full text-center text-2xl font-semibold tabular-nums', invalid && 'border-red-500 ring-1 ring-red-500')}
    />
  );
}

export function TableEntry({
  setNumber,
  seat,
  table,
  mode,
  homeTeam,
  awayTeam,
  homeNames,
  awayNames,
  errors,
  onChange,
}: {
  setNumber: number;
  seat: Seat;
  table: TableDraft;
  mode: EntryMode;
  homeTeam: string;
  awayTeam: string;
  homeNames: string | null;
  awayNames: string | null;
  errors: string[];
  onChange: (table: TableDraft) => void;
}) {
  const where = `Set ${setNumber}, tafel ${table.tableNumber}`;
  const errorId = errors.length ? `err-${setNumber}-${table.tableNumber}` : undefined;
  const running = gamesTotal(table);
  const hasGames = table.games.some((g) => g.winner !== null);
  const hasTotals = table.home !== '' || table.away !== '';
  const otherWay =
    mode === 'games' && !hasGames && hasTotals
      ? `Ingevoerd als setstand: ${table.home}–${table.away}. Vul de partijen in om die te vervangen.`
      : mode === 'totals' && !hasTotals && hasGames
        ? `Ingevoerd per partij: ${running.home}–${running.away}. Vul een setstand in om die te vervangen.`
        : null;
  return (
    <section data-table={table.tableNumber} aria-label={where} className={cn('min-w-0 rounded-lg bg-white p-3 ring-1', errors.length ? 'ring-2 ring-red-500' : 'ring-stone-200')}>
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="font-semibold">Tafel {table.tableNumber}</h3>
        {mode === 'games' && !seat.credited && (
          <span className="text-lg font-semibold tabular-nums text-brand-900" aria-label={`${where}: stand`}>
            {running.home}–{running.away}
          </span>
        )}
      </div>
      <p className="mb-2 text-xs text-stone-600">
        <span className="font-medium text-brand-700">Thuis</span> koppel {seat.homePairNumber}
        {homeNames ? ` (${homeNames})` : ''} – <span className="font-medium text-stone-800">Uit</span> koppel {seat.awayPairNumber}
        {awayNames ? ` (${awayNames})` : ''}
      </p>
      {seat.credited ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950">
          Toegekend volgens de regels: <strong>{seat.homePoints}–{seat.awayPoints}</strong>
          {seat.source ? `: ${SOURCE_LABELS[seat.source]}` : ''}. Hier voert u niets in.
        </p>
      ) : mode === 'games' ? (
        <div className="divide-y divide-stone-100">
          {otherWay && <p className="pb-2 text-sm text-stone-700">{otherWay}</p>}
          {table.games.map((game, i) => (
            <GameRow
              key={i}
              label={`${where}, partij ${i + 1}`}
              name={`s${setNumber}t${table.tableNumber}g${i}`}
              game={game}
              onChange={(changed) => onChange({ ...table, games: table.games.map((g, j) => (j === i ? changed : g)) })}
            />
          ))}
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-3">
          {otherWay && <p className="col-span-2 text-sm text-stone-700">{otherWay}</p>}
          <label className="text-xs text-stone-600">
            <span className="block truncate">{homeTeam}</span>
            <ScoreInput label={`${where}: punten ${homeTeam}`} value={table.home} onChange={(home) => onChange({ ...table, home })} invalid={errors.length > 0} describedBy={errorId} />
          </label>
          <label className="text-xs text-stone-600">
            <span className="block truncate">{awayTeam}</span>
            <ScoreInput label={`${where}: punten ${awayTeam}`} value={table.away} onChange={(away) => onChange({ ...table, away })} invalid={errors.length > 0} describedBy={errorId} />
          </label>
        </div>
      )}
      {errors.length > 0 && (
        <ul id={errorId} className="mt-2 space-y-0.5 text-sm font-medium text-red-700">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
