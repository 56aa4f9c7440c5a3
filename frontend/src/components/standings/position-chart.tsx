/**
 * A team's place after every round, as a small server-rendered SVG line (place 1 on top).
 * No chart library: a polyline, dots and a few labels.
 */
const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 28, right: 10, top: 10, bottom: 22 };

export function PositionChart({ label, rounds, positions, teamCount }: { label: string; rounds: number[]; positions: number[]; teamCount: number }) {
  if (rounds.length === 0) return <p className="text-sm text-stone-600">Het verloop verschijnt na de eerste bevestigde uitslag.</p>;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (rounds.length === 1 ? plotW / 2 : (i / (rounds.length - 1)) * plotW);
  const y = (position: number) => PAD.top + (teamCount <= 1 ? plotH / 2 : ((position - 1) / (teamCount - 1)) * plotH);
  const points = positions.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  const step = Math.max(1, Math.ceil(rounds.length / 8));
  const last = positions[positions.length - 1];
  // The current place beside the last dot: above it, or below it when it is near the top edge.
  const labelY = y(last) - 6 < 12 ? y(last) + 14 : y(last) - 6;
  const description = rounds.map((r, i) => `ronde ${r}: plaats ${positions[i]}`).join(', ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-md" role="img" aria-label={`${label}: ${description}`}>
      <title>{`${label}: ${description}`}</title>
      {Array.from({ length: teamCount }, (_, i) => i + 1).map((p) => (
        <g key={p}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(p)} y2={y(p)} className={p === 1 || p === teamCount ? 'stroke-stone-300' : 'stroke-stone-100'} strokeWidth="1" />
          {(p === 1 || p === teamCount) && (
            <text x={PAD.left - 6} y={y(p) + 4} textAnchor="end" className="fill-stone-500 text-[10px]">
              {p}
            </text>
          )}
        </g>
      ))}
      {rounds.map((r, i) =>
        i % step === 0 || i === rounds.length - 1 ? (
          <text key={r} x={x(i)} y={HEIGHT - 6} textAnchor="middle" className="fill-stone-500 text-[10px]">
            {r}
          </text>
        ) : null,
      )}
      <polyline points={points} fill="none" className="stroke-brand-600" strokeWidth="2" strokeLinejoin="round" />
      {positions.map((p, i) => (
        <circle key={rounds[i]} cx={x(i)} cy={y(p)} r="3" className="fill-brand-700" />
      ))}
      <text x={x(positions.length - 1) - 6} y={labelY} textAnchor="end" className="fill-brand-900 text-[11px] font-semibold">
        {last}e
      </text>
    </svg>
  );
}
