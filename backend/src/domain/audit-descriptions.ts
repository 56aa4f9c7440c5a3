/**
 * The logboek in words: one Dutch sentence for every kind of change the system records (the
 * `action` of an audit entry; a match's logboek and the administrators' overviews). audit-descriptions.spec.ts reads the sources and fails on a kind
 * recorded anywhere without a sentence here, so a new command cannot reach the logboek as a code.
 */
import { dutchList } from './match/labels';

export const AUDIT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  // The match: schedule and who plays
  'division.schedule': 'Programma gemaakt',
  'match.move': 'Wedstrijd verplaatst',
  'match.swap': 'Thuis- en uitploeg omgedraaid',
  'match.lineup': 'Spelerslijst vastgelegd',
  'match.late-pair': 'Laat koppel vastgelegd (Regel 5B/5C)',
  'match.team-late': 'Team te laat vastgelegd (Regel 11)',
  'match.team-late.withdraw': 'Vastlegging van een te laat team ingetrokken (Regel 11)',
  'match.substitution': 'Wissel vastgelegd',
  'match.substitution.delete': 'Wissel verwijderd',
  'match.not-played': 'Vastgelegd als niet gespeeld',
  'match.cancelled.averages': 'Gemiddelde score van een afgelaste wedstrijd opnieuw berekend (Regel 8)',
  'match.reopen': '"Niet gespeeld" teruggedraaid',
  // The paper form
  'match.result': 'Uitslag ingevoerd (wedstrijdformulier)',
  'match.set': 'Set ingevoerd (wedstrijdformulier)',
  'match.sign': 'Formulier ondertekend door de thuisploeg',
  'match.dispute': 'Formulier niet bevestigd door de uitploeg',
  'match.dispute.decide': 'Wedstrijdleider besliste over het niet bevestigde formulier',
  'match.confirm': 'Uitslag bevestigd',
  'match.correct': 'Uitslag gecorrigeerd',
  // The match night at the table
  'match.night.open': 'Speelavond geopend: tafelcodes aangemaakt',
  'match.night.revoke-code': 'Tafelcode ingetrokken',
  'match.table.enter': 'Set ingevoerd aan tafel',
  'match.table.sign': 'Set ondertekend door het andere koppel',
  'match.table.refuse': 'Set niet ondertekend: voorgelegd aan de wedstrijdleider',
  'match.night.confirm': 'Wedstrijd bevestigd door een teamleider',
  'match.remark': 'Opmerking van een teamleider',
  'match.remark.handled': 'Opmerking van een teamleider afgehandeld',
  'match.finalise': 'Uitslag definitief',
  // The supervisor
  'match.supervisor.decide': 'Wedstrijdleider besliste over een set',
  'match.supervisor.void-wrong-table': 'Partijen aan de verkeerde tafel ongeldig verklaard (Regel 22)',
  'match.supervisor.remove-player': 'Speler verwijderd (Regel 38)',
  'match.supervisor.undo-void-wrong-table': 'Ongeldig verklaren van partijen teruggedraaid (Regel 22)',
  'match.supervisor.undo-remove-player': 'Verwijderen van een speler teruggedraaid (Regel 38)',
  'match.supervisor.withdraw-ineligible': 'Regel 4-geval ingetrokken',
  'match.supervisor.withdraw': 'Beslissing van de wedstrijdleider ingetrokken (Regel 22 of 38)',
  // The season and its divisions, clubs and teams
  'season.create': 'Seizoen aangemaakt',
  'season.update': 'Seizoen gewijzigd',
  'season.archive': 'Seizoen gearchiveerd',
  'season.import': 'Seizoen ingelezen uit een bestand',
  'season.take-over': 'Poules en teams van het vorige seizoen overgenomen',
  'division.create': 'Poule aangemaakt',
  'division.update': 'Poule gewijzigd',
  'division.archive': 'Poule gearchiveerd',
  'club.create': 'Vereniging aangemaakt',
  'club.update': 'Vereniging gewijzigd',
  'club.archive': 'Vereniging gearchiveerd',
  'team.create': 'Team aangemaakt',
  'team.update': 'Team gewijzigd',
  'team.archive': 'Team gearchiveerd',
  'playoff.create': 'Beslissingswedstrijd vastgelegd',
  'playoff.delete': 'Beslissingswedstrijd verwijderd',
  // Member lists (moederlijsten), members and transfers
  'memberList.import': 'Moederlijst ingelezen',
  'memberList.restore': 'Moederlijst teruggezet naar vóór een upload',
  'memberListEntry.add': 'Lid toegevoegd aan de moederlijst',
  'memberListEntry.update': 'Lid op de moederlijst gewijzigd',
  'memberListEntry.remove': 'Lid van de moederlijst gehaald',
  'memberListEntry.transfer': 'Lid overgeschreven naar een andere vereniging',
  'member.suspend': 'Lid geschorst',
  'member.expel': 'Lid geroyeerd',
  'member.sanctionRevoke': 'Schorsing of royement ingetrokken',
  'member.publication': '"Niet publiceren" voor een lid gewijzigd',
  'transfer.request': 'Overschrijving aangevraagd',
  'transfer.approve': 'Overschrijving goedgekeurd door het bestuur',
  'transfer.refuse': 'Overschrijving afgewezen door het bestuur',
  // Fines (boetes)
  'fine.propose': 'Boete voorgesteld',
  'fine.confirm': 'Boete bevestigd',
  'fine.discard': 'Boetevoorstel afgewezen',
  'fine.withdraw': 'Boete ingetrokken',
  'fine.renumber': 'Boetevoorstel aangepast aan de volgorde van de overtredingen',
  'fine.levy': 'Boete opgelegd',
  'fine.change-amount': 'Bedrag van een boete gewijzigd',
  'fine.move': 'Boete naar een ander seizoen of een andere vereniging verplaatst',
  'fine.pay': 'Boete betaald',
  'fine.waive': 'Boete kwijtgescholden door het bestuur',
  'fine.incomplete-appearance': 'Onvolledig of te laat aanwezig vastgelegd (Regel 11)',
  'fine.incomplete-appearance.withdraw': 'Onvolledig of te laat aanwezig ingetrokken (Regel 11)',
  'fine-catalog.create': 'Boete toegevoegd aan de boetelijst',
  'fine-catalog.update': 'Boete op de boetelijst gewijzigd',
  'fine-catalog.archive': 'Boete van de boetelijst gehaald',
  // Users and accounts
  'user.create': 'Gebruiker aangemaakt',
  'user.update': 'Gebruiker gewijzigd',
  'user.archive': 'Gebruiker gearchiveerd',
  'user.password': 'Wachtwoord gewijzigd',
  'account.invitation': 'Uitnodiging verstuurd',
  'account.invitation.accept': 'Uitnodiging aangenomen: eigen wachtwoord gekozen',
  'account.password-reset.request': 'Nieuw wachtwoord aangevraagd',
  'account.password-reset': 'Nieuw wachtwoord ingesteld met de link uit de mail',
  'account.email-change.request': 'Nieuw e-mailadres aangevraagd',
  'account.email-change': 'Nieuw e-mailadres bevestigd',
  'account.login-attempts': 'Te vaak een verkeerd wachtwoord voor dit account: elke volgende poging wacht, de eigenaar kreeg een mail met een link voor een nieuw wachtwoord',
};

/** The sentence for an audit entry's kind; a kind without one (never shipped: see the spec) says so plainly. */
export function describeAudit(action: string): string {
  return AUDIT_DESCRIPTIONS[action] ?? `Wijziging (${action})`;
}

/** A seat as a match's audit entry keeps it (auditSnapshot: only the seats the command changed). */
interface SeatPicture {
  set: number;
  table: number;
  score?: string;
  /** The side whose pair signed the seat (absent: not signed). */
  signed?: string;
  refused?: string;
  /** When the supervisor (or the federation) decided it. */
  decided?: string;
}

interface MatchPicture {
  sets?: SeatPicture[];
  correctedAt?: string | null;
  correctedByRole?: string | null;
}

export interface MatchAuditEntry {
  action: string;
  before: unknown;
  after: unknown;
  /** The role of who made the change (ADMIN: the federation), when a user did. */
  role?: string | null;
}

const picture = (value: unknown): MatchPicture => (value !== null && typeof value === 'object' ? (value as MatchPicture) : {});

/** "set 2 aan tafel 3", "set 2 aan tafel 3 en 4", "set 2 aan tafel 3 en set 3 aan tafel 1". */
export function seatWords(seats: readonly Pick<SeatPicture, 'set' | 'table'>[]): string {
  const bySet = new Map<number, number[]>();
  for (const { set, table } of [...seats].sort((a, b) => a.set - b.set || a.table - b.table)) {
    const tables = bySet.get(set) ?? [];
    if (!tables.includes(table)) tables.push(table);
    bySet.set(set, tables);
  }
  return dutchList(
    [...bySet].map(([set, tables]) => `set ${set} aan ${tables.length === 1 ? 'tafel' : 'tafels'} ${dutchList(tables, 'en')}`),
    'en',
  );
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A match's logboek line in words: the kind's sentence, and for what happens at a seat (an
 * entry, a signature, a refusal, the supervisor's decision) which set at which table, read
 * from the audit entry's before and after (auditSnapshot). An entry made with the opposing
 * pair's signature on the same phone says "ingevoerd en ondertekend"; a change to a signed
 * seat, or any change that made the match corrected (its correctedAt moved), says
 * "corrigeerde" (RULES.md: every change to a signed seat is a correction). Entries written
 * before the seats were kept this way read as the kind's sentence.
 */
export function describeMatchEntry(entry: MatchAuditEntry): string {
  const before = picture(entry.before);
  const after = picture(entry.after);
  const was = new Map((before.sets ?? []).map((s) => [`${s.set}-${s.table}`, s]));
  const seats = [...(after.sets ?? []), ...(before.sets ?? []).filter((s) => !(after.sets ?? []).some((a) => a.set === s.set && a.table === s.table))];
  if (seats.length === 0) return describeAudit(entry.action);
  const where = seatWords(seats);
  const who = entry.role === 'ADMIN' ? 'de bond' : 'de wedstrijdleider';
  switch (entry.action) {
    case 'match.table.enter':
      return (after.sets ?? []).some((s) => s.signed) ? `${capital(where)} ingevoerd en ondertekend door het andere koppel (op hetzelfde toestel)` : `${capital(where)} ingevoerd, nog niet ondertekend`;
    case 'match.table.sign':
      return `${capital(where)} ondertekend door het andere koppel`;
    case 'match.table.refuse':
      return `${capital(where)} niet ondertekend: voorgelegd aan de wedstrijdleider`;
    case 'match.supervisor.decide': {
      const correctedNow = Boolean(after.correctedAt) && after.correctedAt !== before.correctedAt;
      const signedBefore = seats.some((s) => {
        const old = was.get(`${s.set}-${s.table}`);
        return Boolean(old?.signed) && !old?.refused;
      });
      const scoreChanged = seats.some((s) => was.get(`${s.set}-${s.table}`)?.score !== (after.sets ?? []).find((a) => a.set === s.set && a.table === s.table)?.score);
      if (!correctedNow && !(signedBefore && scoreChanged)) return `${capital(who)} besliste over ${where}`;
      const corrector = (after.correctedByRole ?? entry.role) === 'ADMIN' ? 'de bond' : 'de wedstrijdleider';
      return `${capital(corrector)} corrigeerde ${signedBefore ? 'de ondertekende ' : ''}${where}`;
    }
    default:
      return describeAudit(entry.action);
  }
}
