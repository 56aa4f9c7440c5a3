import { todayIso } from '../common/dto';
import type { Zone } from '../domain/reminders';
import { localInstant } from '../matches/match-row';

/** The federation's calendar (Europe/Amsterdam, summer and winter time) for the reminder rules. */
export const FEDERATION_ZONE: Zone = {
  instant: (date, time) => localInstant(date, time),
  today: (now) => todayIso(now),
};
