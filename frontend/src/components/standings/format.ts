/** Dutch date labels for the public pages; dates are "YYYY-MM-DD" calendar dates (no time zone shifts). */
const dayMonth = new Intl.DateTimeFormat('nl-NL', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const long = new Intl.DateTimeFormat('nl-NL', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const stamp = new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Amsterdam' });

/** "za 14 nov." */
export const shortDate = (iso: string) => dayMonth.format(new Date(`${iso}T00:00:00Z`));
/** "zaterdag 14 november 2026" */
export const longDate = (iso: string) => long.format(new Date(`${iso}T00:00:00Z`));
/** "22 november 14:05" (an instant, in the federation's time zone) */
export const dateTime = (instant: string) => stamp.format(new Date(instant));
