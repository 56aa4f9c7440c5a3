/**
 * The logboek in words: one Dutch sentence for every kind of change the system records (the
 * `action` of an audit entry; a match's logboek and the administrators' overviews). audit-descriptions.spec.ts reads the sources and fails on a kind
 * recorded anywhere without a sentence here, so a new command cannot reach the logboek as a code.
 */
export const AUDIT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  // The match: schedule and who plays
  'division.schedule': 'Programma gemaakt',
  'match.move': 'Wedstrijd verplaatst',
  'match.swap': 'Thuis- en uitploeg omgedraaid',
  'match.lineup': 'Spelerslijst vastgelegd',
  'match.late-pair': 'Laat koppel vastgelegd (Regel 5B/5C)',
  'match.substitution': 'Wissel vastgelegd',
  'match.substitution.delete': 'Wissel verwijderd',
  'match.not-played': 'Vastgelegd als niet gespeeld',
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
  'match.finalise': 'Uitslag definitief',
  // The supervisor
  'match.supervisor.decide': 'Wedstrijdleider besliste over een set',
  'match.supervisor.void-wrong-table': 'Games aan de verkeerde tafel ongeldig verklaard (Regel 22)',
  'match.supervisor.remove-player': 'Speler verwijderd (Regel 38)',
  'match.supervisor.undo-void-wrong-table': 'Ongeldig verklaren van games teruggedraaid (Regel 22)',
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
};

/** The sentence for an audit entry's kind; a kind without one (never shipped: see the spec) says so plainly. */
export function describeAudit(action: string): string {
  return AUDIT_DESCRIPTIONS[action] ?? `Wijziging (${action})`;
}
