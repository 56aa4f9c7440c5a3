/**
 * Calendar dates as plain "YYYY-MM-DD" strings: the rules speak of days, not instants,
 * so domain code never touches time zones.
 */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

export function toUtcDate(date: IsoDate): Date {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  return new Date(`${date}T00:00:00.000Z`);
}

export function fromUtcDate(date: Date): IsoDate {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = toUtcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtcDate(d);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: IsoDate): number {
  return toUtcDate(date).getUTCDay();
}

export function compareDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** "2026-11-09" → "09-11-2026", the way dates are written in Dutch messages. */
export function formatDutchDate(date: IsoDate): string {
  if (!isIsoDate(date)) throw new RangeError(`Not a date: ${date}`);
  const [year, month, day] = date.split('-');
  return `${day}-${month}-${year}`;
}

/** The federation's calendar (Europe/Amsterdam) as YYYY-MM-DD: made once, used for every instant. */
const AMSTERDAM_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' });

/** The federation's calendar day of an instant (Europe/Amsterdam). */
export function amsterdamDay(now: Date): IsoDate {
  return AMSTERDAM_DAY.format(now);
}
