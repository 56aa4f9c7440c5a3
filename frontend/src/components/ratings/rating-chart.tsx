/**
 * A player's rating after every rated match, as a small server-rendered SVG line (no
 * JavaScript, no chart library): the 50 % line is an average player. Dates as dd-mm-jjjj.
 */
import { formatDate } from '@/lib/format';

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 30, right: 10, top: 10, bottom: 22 };

export function RatingChart({ points }: { points: { date: string; rating: number }[] }) {
  if (points.length === 0) return <p className="text-sm text-stone-600">Het verloop verschijnt na de eerste definitieve uitslag.</p>;
  const values = points.map((p) => p.rating);
  const lo = Math.max(0, Math.floor((Math.min(...values, 50) - 5) / 10) * 10);
  const hi = Math.min(100, Math.ceil((Math.max(...values, 50) + 5) / 10) * 10);
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (points.length === 1 ? plotW / 2 : (i / (points.length - 1)) * plotW);
  const y = (v: number) => PAD.top + ((hi - v) / (hi - lo)) * plotH;
  const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p.rating).toFixed(1)}`).join(' ');
  const description = points.map((p) => `${formatDate(p.date)}: ${p.rating.toFixed(1)} %`).join(', ');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-md" role="img" aria-label={`Verloop van de rating: ${description}`}>
      <title>{`Verloop van de rating: ${description}`}</title>
      {[lo, 50, hi].map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} className={v === 50 ? 'stroke-stone-400' : 'stroke-stone-200'} strokeWidth="1" strokeDasharray={v === 50 ? '4 3' : undefined} />
          <text x={PAD.left - 4} y={y(v) + 4} textAnchor="end" className="fill-stone-500 text-[10px]">
            {v}%
          </text>
        </g>
      ))}
      <polyline points={line} fill="none" className="stroke-brand-700" strokeWidth="2" />
      {points.map((p, i) => (
        <circle key={i} cx={x(i)} cy={y(p.rating)} r="2.5" className="fill-brand-700" />
      ))}
      <text x={PAD.left} y={HEIGHT - 6} className="fill-stone-500 text-[10px]">
        {formatDate(points[0].date)}
      </text>
      <text x={WIDTH - PAD.right} y={HEIGHT - 6} textAnchor="end" className="fill-stone-500 text-[10px]">
        {formatDate(points[points.length - 1].date)}
      </text>
    </svg>
  );
}
