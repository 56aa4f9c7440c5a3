/**
 * What each mail is for, in Dutch (Beheer → E-mail): the log keeps the kind as a code
 * ("match.moved", "reminder.MATCH_CORRECTED"), administrators read these names (issue 47).
 * mail-kinds.spec.ts reads the sources and fails on a kind sent anywhere without a name here.
 */
import type { ReminderKind } from './reminders';

/** The reminders, one name per kind (a new kind without a name does not compile). */
const REMINDER_MAIL_NAMES: Record<ReminderKind, string> = {
  MEMBER_LIST_DEADLINE: 'Herinnering: moederlijst inleveren',
  LINEUP_MISSING: 'Herinnering: spelerslijst samenstellen',
  RESULT_MISSING: 'Herinnering: uitslag invoeren of controleren',
  MATCH_DISPUTED: 'Melding: uitslag betwist',
  MATCH_CORRECTED: 'Melding: uitslag gecorrigeerd',
  FINE_CONFIRMED: 'Melding: boete opgelegd',
  FINE_DUE: 'Herinnering: boete binnenkort betalen',
  FINE_OVERDUE: 'Herinnering: boete over de betalingstermijn',
  TRANSFER_DECIDED: 'Melding: besluit over een overschrijving',
};

export const MAIL_KIND_NAMES: Readonly<Record<string, string>> = {
  'password-reset': 'Nieuw wachtwoord kiezen',
  invitation: 'Uitnodiging',
  'email-change': 'Nieuw e-mailadres bevestigen',
  'email-change-taken': 'Nieuw e-mailadres is al in gebruik',
  'email-change-notice': 'Melding: e-mailadres wordt gewijzigd',
  'login-attempts': 'Te vaak een verkeerd wachtwoord',
  'match.moved': 'Wedstrijd verplaatst',
  'match.remark': 'Opmerking van een teamleider',
  'reminder.weekly-digest': 'Weekoverzicht van de herinneringen',
  ...Object.fromEntries(Object.entries(REMINDER_MAIL_NAMES).map(([kind, name]) => [`reminder.${kind}`, name])),
};

/** The Dutch name of a mail's kind; a kind without one (never shipped: see the spec) is named plainly. */
export function mailKindName(kind: string): string {
  return MAIL_KIND_NAMES[kind] ?? `Overige mail (${kind})`;
}
