// For CI: the FAKETIME offset (libfaketime, seconds) that moves a test run's clock to an evening
// that matters for the demo season (prisma/seed.ts plays a double round robin from 19 Sep 2026,
// every other Saturday, four weeks' winter break after round 7):
//   node scripts/ci/clock.mjs match-day     → the next demo match day, 21:40 in Amsterdam
//   node scripts/ci/clock.mjs no-match-day  → the Friday before it, 21:40 in Amsterdam
// Prints "+<seconds>". Once the demo season has no such evening left, the next 21:40 in
// Amsterdam of any day: the browser tests schedule their own matches at 23:30 "today", so they
// must never run on the real clock late in the evening or across midnight.
const FIRST_MATCH_DAY = '2026-09-19';
const ROUNDS = 10;

/** The demo season's match days (as prisma/seed.ts's matchDates). */
export function demoMatchDays() {
  const days = [];
  const d = new Date(`${FIRST_MATCH_DAY}T00:00:00Z`);
  for (let i = 0; i < ROUNDS; i++) {
    days.push(d.toISOString().slice(0, 10));
    d.setUTCDate(d.getUTCDate() + (i === 6 ? 28 : 14));
  }
  return days;
}

/** 21:40 on `day` in Amsterdam, as a Date (CET in winter, CEST from the last Sunday of March). */
function eveningInAmsterdam(day) {
  for (const offset of ['+01:00', '+02:00']) {
    const moment = new Date(`${day}T21:40:00${offset}`);
    const local = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit', hour12: false }).format(moment);
    if (local === '21:40') return moment;
  }
  throw new Error(`Geen 21:40 op ${day} in Amsterdam`);
}

const kind = process.argv[2];
if (kind !== 'match-day' && kind !== 'no-match-day') {
  console.error('Gebruik: node scripts/ci/clock.mjs match-day | no-match-day');
  process.exit(2);
}
const now = Date.now();
// The day before a match day is never one itself (they are two weeks apart).
const dayBefore = (day) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
/** The date in Amsterdam `days` days from now (YYYY-MM-DD). */
const amsterdamDate = (days) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now + days * 86_400_000));
const target =
  demoMatchDays()
    .map((day) => eveningInAmsterdam(kind === 'match-day' ? day : dayBefore(day)))
    .find((moment) => moment.getTime() > now) ??
  [0, 1].map((days) => eveningInAmsterdam(amsterdamDate(days))).find((moment) => moment.getTime() > now);
console.log(`+${Math.round((target.getTime() - now) / 1000)}`);
