/**
 * Dutch public holidays (feestdagen), to warn when a suggested or chosen match date falls on
 * one (issue 23 item 11). The rulebook names no holidays (Regel 3B counts Monday to Friday):
 * this is advice for the person who plans the season, never a refusal.
 */
import { addDays, IsoDate, isIsoDate, weekday } from './dates';

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number): IsoDate => `${year}-${pad(month)}-${pad(day)}`;

/**
 * Easter Sunday in the Gregorian calendar (the anonymous algorithm of Meeus, Jones and
 * Butcher: integer arithmetic only, valid for every Gregorian year).
 */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** The Dutch public holidays of a year, by date, with their Dutch names, in date order. */
export function dutchHolidays(year: number): Map<IsoDate, string> {
  const easter = easterSunday(year);
  const kingsDay = iso(year, 4, 27);
  const days: [IsoDate, string][] = [
    [iso(year, 1, 1), 'Nieuwjaarsdag'],
    [addDays(easter, -2), 'Goede Vrijdag'],
    [easter, 'Eerste Paasdag'],
    [addDays(easter, 1), 'Tweede Paasdag'],
    // Koningsdag moves to the Saturday before when 27 April is a Sunday.
    [weekday(kingsDay) === 0 ? iso(year, 4, 26) : kingsDay, 'Koningsdag'],
    [iso(year, 5, 5), 'Bevrijdingsdag'],
    [addDays(easter, 39), 'Hemelvaartsdag'],
    [addDays(easter, 49), 'Eerste Pinksterdag'],
    [addDays(easter, 50), 'Tweede Pinksterdag'],
    [iso(year, 12, 25), 'Eerste Kerstdag'],
    [iso(year, 12, 26), 'Tweede Kerstdag'],
  ];
  // Bevrijdingsdag can share its date with Hemelvaart (e.g. 2016): both names are kept.
  const byDate = new Map<IsoDate, string>();
  for (const [date, name] of days.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) byDate.set(date, byDate.has(date) ? `${byDate.get(date)} en ${name}` : name);
  return byDate;
}

/** The holiday on this date ("Eerste Kerstdag"), or null. */
export function holidayOn(date: IsoDate): string | null {
  if (!isIsoDate(date)) return null;
  return dutchHolidays(Number(date.slice(0, 4))).get(date) ?? null;
}
