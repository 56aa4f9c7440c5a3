/*
 * Dates on the dashboard, one format per kind:
 * - a match day: its weekday and date in words, as on the public pages ("zaterdag 14 november
 *   2026": `longDate` in components/standings/format.ts, re-exported by matches/labels.ts);
 * - every other date (birth dates, deadlines, fines, registrations): dd-mm-jjjj (`formatDate`),
 *   the form the date fields and the member-list files use;
 * - a moment (saved, signed, changed): dd-mm-jjjj hh:mm in the federation's time zone (`formatMoment`).
 */

/** "2026-11-14" → "14-11-2026" (no time zone shifts). */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}-${m}-${y}`;
}

export function formatEuro(cents: number): string {
  return new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);
}

const moment = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** An instant as "14-11-2026 20:05", in the Netherlands' time zone. */
export function formatMoment(iso: string | null | undefined): string {
  if (!iso) return '—';
  const parts = Object.fromEntries(moment.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

/** "75", "75,5", "1.234,50", "€ 15" or "12.5" euros → cents; null when it is not an amount. */
export function parseEuro(input: string): number | null {
  const text = input.replace(/[€\s]/g, '');
  const normalised = /,\d{1,2}$/.test(text) ? text.replace(/\./g, '').replace(',', '.') : text.replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(normalised)) return null;
  return Math.round(Number(normalised) * 100);
}

/** Cents as an amount to type over: 1500 → "15,00" (no € sign, no thousands dots). */
export function euroInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return (cents / 100).toFixed(2).replace('.', ',');
}

/** "1 reserve", "2 reserves": a Dutch count with the right form of the noun. */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
