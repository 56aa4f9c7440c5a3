/**
 * Public answers about matches: fixtures and results, and the match page (Regel 15:
 * players by family name only, no member numbers or ids).
 */
import { ApiProperty } from '@nestjs/swagger';
import { canReadMatchInternals } from '../auth/access';
import { isoDate, todayIso } from '../common/dto';
import { awaitsTableSignature, countedScore, isCreditedSource, scoreView, type ScoreView, unsignedWords } from '../domain/live/live-match';
import { entryOpensText, RESULT_PHASES, ResultPhase, resultEntryWindow, seatKey, tablePlan } from '../domain/match';
import type { CompetitionSettings } from '../domain/settings';
import { ForfeitCause, GameKind, MatchStatus, ResultState, SetSource, Side } from '../generated/prisma/enums';
import { storedWinner } from '../domain/match/match-facts';
import { familyNameOf, lineupOf, LineupRow, MatchRow, MatchSummaryRow, pairsOf, PersonName, publicNameOf, reservesOf, sideOf } from './match-row';
import { finalityWords } from '../domain/match/match-command';
import { phaseOf } from '../domain/match/result-flow';

export const MATCH_STATUSES = Object.values(MatchStatus);
export const RESULT_STATES = Object.values(ResultState);
export const SET_SOURCES = Object.values(SetSource);
export const GAME_KINDS = Object.values(GameKind);
export const SIDE_VALUES = Object.values(Side);
export const FORFEIT_CAUSES = Object.values(ForfeitCause);
export const MATCH_WINNERS = ['HOME', 'AWAY', 'DRAW'] as const;

export class MatchTeamDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
}

export class DisputeDto {
  @ApiProperty({
    nullable: true,
    type: String,
    description: 'Wat er volgens de uitploeg niet klopt: alleen voor beide teams, de wedstrijdleider en de bond (anders null)',
  })
  comment: string | null;
  @ApiProperty({ format: 'date-time' }) disputedAt: string;
}

/** How the result became final, or becomes final, in RULES.md's words (finalityWords): the same property on every DTO that carries it. */
export const ApiFinality = () =>
  ApiProperty({
    nullable: true,
    type: String,
    example: 'compleet, wordt definitief om 22:41',
    description:
      'Hoe de uitslag definitief werd of wordt, dezelfde woorden op elk scherm: "bevestigd door beide teams", "definitief na het correctievenster", "definitief na 48 uur", ' +
      '"definitief na beslissing van de wedstrijdleider", "definitief gemaakt door de bond", "gecorrigeerd door de bond", "vastgesteld door de bond" (niet gespeeld); ' +
      'vóór definitief "compleet, wordt definitief om 22:41" of "ondertekend door de thuisploeg, wordt definitief op dinsdag 1 december om 11:12" (Nederlandse tijd); null: nog niet zover',
  });

export class MatchSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty({ description: 'Speelronde (1 …)' }) round: number;
  @ApiProperty({ format: 'date', example: '2026-11-14' }) date: string;
  @ApiProperty({ example: '20:00', description: 'Aanvang (plaatselijke tijd)' }) startTime: string;
  @ApiProperty({ type: MatchTeamDto }) homeTeam: MatchTeamDto;
  @ApiProperty({ type: MatchTeamDto }) awayTeam: MatchTeamDto;
  @ApiProperty({ enum: MATCH_STATUSES, enumName: 'MatchStatus' }) status: MatchStatus;
  @ApiProperty({
    enum: RESULT_STATES,
    enumName: 'ResultState',
    description: 'NONE: nog geen uitslag; ENTERED: ingevoerd (aan tafel of op het formulier), nog niet definitief; CONFIRMED: definitief en vastgezet (hoe: finality)',
  })
  resultState: ResultState;
  @ApiProperty({
    nullable: true,
    type: Number,
    description:
      'Wedstrijdpunten thuisploeg: definitief de uitslag; daarvoor in een lijst (zonder sets) de som van de sets die tellen (ondertekend, beslist, toegekend), dezelfde stand als de wedstrijdpagina (score); null zolang er geen telt',
  })
  homePoints: number | null;
  @ApiProperty({ nullable: true, type: Number }) awayPoints: number | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '+ 8–0 nog niet ondertekend',
    description: 'In een lijst: het ingevoerde maar nog niet ondertekende werk naast de stand, in de woorden van de wedstrijdpagina (het publiek: "+ 2 sets nog niet ondertekend"); null als er geen is',
  })
  unsigned: string | null;
  @ApiProperty({
    enum: MATCH_WINNERS,
    enumName: 'MatchWinner',
    nullable: true,
    description:
      'Winnaar zodra de uitslag bevestigd is, dezelfde die de stand telt (Regel 4, 7 en 8 meegerekend; afgelast: de gemiddelde score beslist, tenzij het seizoen afgelaste wedstrijden geen punten geeft); null: nog niet bevestigd, niet gespeeld, afgelast zonder punten of beide teams verliezen',
  })
  winner: (typeof MATCH_WINNERS)[number] | null;
  @ApiProperty({ description: 'Regel 4: de thuisploeg zette een niet-speelgerechtigde speler in' }) homeIneligible: boolean;
  @ApiProperty({ description: 'Regel 4: de uitploeg zette een niet-speelgerechtigde speler in' }) awayIneligible: boolean;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Regel 7/9A: het team dat reglementair verloor' })
  forfeitingTeamId: string | null;
  @ApiProperty({ description: 'Beide teams onvolledig: elk reglementair verlies (Regel 7), geen punten voor beide' })
  bothForfeited: boolean;
  @ApiProperty({ enum: FORFEIT_CAUSES, enumName: 'ForfeitCause', nullable: true, description: 'Regel 7/9A: afgeleid uit de vastgelegde feiten (aanwezige koppels, tijdstip van afzeggen)' })
  forfeitCause: ForfeitCause | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Regel 7: wanneer het team in gebreke de wedstrijd afzegde' })
  calledOffAt: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'Het team dat de wedstrijd afzegde' })
  calledOffByTeamId: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Regel 7: met zoveel koppels kwam het team in gebreke' })
  forfeitPairsPresent: number | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Wanneer de uitslag definitief werd (vast; de officiële stand telt hem)' })
  finalAt: string | null;
  @ApiProperty({
    format: 'date-time',
    nullable: true,
    type: String,
    description: 'Wanneer de volledige uitslag vanzelf definitief wordt: einde van de correctietijd (aan tafel) of van de bevestigingstermijn (papieren formulier); null zolang hij niet volledig is of al definitief',
  })
  finalDueAt: string | null;
  @ApiFinality()
  finality: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    enum: ['BOTH_CONFIRMED', 'CORRECTION_WINDOW', 'PAPER_HOURS', 'SUPERVISOR_DECISION', 'FEDERATION'],
    description: 'Hoe de wedstrijd definitief werd; null zolang niet definitief (of definitief vóór 7 december 2026)',
  })
  finalBy: string | null;
  @ApiProperty({ type: [String], format: 'uuid', description: 'De teams van deze wedstrijd waarvan de spelerslijst is opgeslagen' })
  lineupTeamIds: string[];
  @ApiProperty({ nullable: true, type: String, description: 'Toelichting van de bond bij een niet-gespeelde wedstrijd' })
  statusReason: string | null;
  @ApiProperty({ description: 'Versie van de uitslag; stuur hem mee bij elke wijziging (optimistische vergrendeling)' })
  version: number;
  @ApiProperty({ description: 'De thuisploeg heeft de volledige uitslag ondertekend (of hij is bevestigd); pas dan kan de uitploeg bevestigen of betwisten' })
  resultComplete: boolean;
  @ApiProperty({
    enum: RESULT_PHASES,
    enumName: 'ResultPhase',
    description:
      'NONE: nog niets; IN_PROGRESS: de thuisploeg voert in (of wijzigde na het ondertekenen); SIGNED_BY_HOME: ondertekend door de thuisploeg, de uitploeg bevestigt of betwist; ' +
      'DISPUTED: betwist door de uitploeg, de wedstrijdleider beslist; CONFIRMED: definitief en vastgezet (hoe: finality)',
  })
  resultPhase: ResultPhase;
  @ApiProperty({ type: DisputeDto, nullable: true, description: 'Zolang de uitploeg de uitslag betwist (tot de thuisploeg opnieuw ondertekent)' })
  dispute: DisputeDto | null;
}

export class MatchRoundDto {
  @ApiProperty() round: number;
  @ApiProperty({ type: [MatchSummaryDto] }) matches: MatchSummaryDto[];
}

export class DivisionMatchesDto {
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty() divisionName: string;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty({ type: [MatchRoundDto] }) rounds: MatchRoundDto[];
}

export class GameDto {
  @ApiProperty({ description: '1 … partijen per set' }) gameNumber: number;
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', description: 'Het team dat de punten van de partij krijgt' }) winner: Side;
  @ApiProperty({ enum: GAME_KINDS, enumName: 'GameKind' }) kind: GameKind;
  @ApiProperty() points: number;
  @ApiProperty({ nullable: true, type: String, description: 'Bij strafpunten: de toegepaste regel' }) penaltyRule: string | null;
}

export class SeatDto {
  @ApiProperty() setNumber: number;
  @ApiProperty() tableNumber: number;
  @ApiProperty({ description: 'Thuiskoppels blijven aan hun tafel' }) homePairNumber: number;
  @ApiProperty({ description: 'Het lopende koppel aan deze tafel in deze set (Regel 22)' }) awayPairNumber: number;
  @ApiProperty({ nullable: true, type: Number, description: 'null: nog niet ingevoerd' }) homePoints: number | null;
  @ApiProperty({ nullable: true, type: Number }) awayPoints: number | null;
  @ApiProperty({ enum: SET_SOURCES, enumName: 'SetSource', nullable: true }) source: SetSource | null;
  @ApiProperty({ description: 'Door de regels bepaald (afwezig koppel, ongeldige wissel, reglementair verlies, gemiddelde); niet in te voeren' })
  credited: boolean;
  @ApiProperty({ type: [GameDto] }) games: GameDto[];
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', nullable: true, description: 'Aan tafel ingevoerd door dit koppel (Regel 15); null: via het wedstrijdformulier of door de regels bepaald' })
  enteredBySide: Side | null;
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', nullable: true, description: 'Aan tafel ondertekend door het andere koppel: onherroepelijk (Regel 15)' })
  signedBySide: Side | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) signedAt: string | null;
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', nullable: true, description: 'Dit koppel weigerde te tekenen: betwist, de wedstrijdleider beslist (Regel 35B)' })
  refusedBySide: Side | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) refusedAt: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Waarom het koppel weigerde: alleen voor beide teams, de wedstrijdleider en de bond (anders null)' })
  refusalComment: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'De wedstrijdleider besliste of corrigeerde; de set telt als ondertekend' })
  decidedAt: string | null;
  @ApiProperty({ nullable: true, type: String }) decisionReason: string | null;
}

export class PublicPairDto {
  @ApiProperty() pairNumber: number;
  @ApiProperty({ description: 'Eerste set die dit koppel speelde (Regel 5B/5C)' }) fromSet: number;
  @ApiProperty({ type: [String], description: 'Achternamen (Regel 15)' }) names: string[];
}

export class PublicLineupDto {
  @ApiProperty({ format: 'uuid' }) teamId: string;
  @ApiProperty({ type: [PublicPairDto] }) pairs: PublicPairDto[];
  @ApiProperty({ type: [String], description: 'Achternamen van de reserves' }) reserves: string[];
}

export class PublicSubstitutionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) teamId: string;
  @ApiProperty({ description: 'Eerste set van de invaller' }) setNumber: number;
  @ApiProperty() pairNumber: number;
  @ApiProperty({ description: 'Achternaam van wie eruit ging' }) outName: string;
  @ApiProperty({ description: 'Achternaam van de invaller' }) inName: string;
  @ApiProperty({ nullable: true, type: String, description: 'Waarom de wissel niet mocht (Regel 13, 14); null als hij mocht' })
  violation: string | null;
}

export class MatchMoveDto {
  @ApiProperty({ format: 'date' }) fromDate: string;
  @ApiProperty({ format: 'date' }) toDate: string;
  @ApiProperty({ description: 'Thuis en uit omgedraaid' }) swapped: boolean;
  @ApiProperty() reason: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class MatchDeductionDto {
  @ApiProperty({ format: 'uuid' }) teamId: string;
  @ApiProperty({ description: 'Afgetrokken competitiepunten' }) points: number;
  @ApiProperty({ example: '4' }) rule: string;
  @ApiProperty() reason: string;
}

export class SignaturesDto {
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) enteredAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Ondertekend door de thuisploeg (volledige invoer)' })
  homeSignedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Bevestigd door de uitploeg: de uitslag staat vast' })
  awaySignedAt: string | null;
}

export class ResultEntryWindowDto {
  @ApiProperty({ description: 'Een secretaris kan de uitslag vandaag invoeren, ondertekenen en bevestigen (vanaf de wedstrijddag, Europe/Amsterdam)' }) open: boolean;
  @ApiProperty({ format: 'date', description: 'Vanaf deze dag (de wedstrijddatum); de bondsbeheerder mag eerder, met reden' }) opensOn: string;
  @ApiProperty({ nullable: true, type: String, example: 'Invoeren kan vanaf za 28 nov.', description: 'null zodra het open is' }) notice: string | null;
  @ApiProperty({
    description:
      'De wedstrijd wordt aan de tafels gespeeld (de speelavond is geopend of een tafel voerde een set in): de koppels voeren hun sets in op de telefoon; een papieren formulier legt alleen de bond vast, met een reden (de bevoegdhedentabel)',
  })
  atTables: boolean;
}

/**
 * The score before final, the same on every screen (RULES.md "Say how it became final";
 * domain/live/live-match.ts countedScore): the sets that count (signed, decided by the
 * supervisor, credited by the rules; all of them once final) and, apart, what is entered but not
 * signed yet. The public sees how many sets are not signed yet, not their scores (Regel 15).
 */
export class CountedScoreDto {
  @ApiProperty({ nullable: true, type: Number, description: 'Som van de sets die tellen (ondertekend, beslist, toegekend); na definitief de uitslag; null zolang er geen telt' })
  homePoints: number | null;
  @ApiProperty({ nullable: true, type: Number }) awayPoints: number | null;
  @ApiProperty({ description: 'Sets × tafels die tellen' }) countedSeats: number;
  @ApiProperty({ description: 'Sets × tafels van de wedstrijd' }) totalSeats: number;
  @ApiProperty({ description: 'Sets × tafels die zijn ingevoerd maar nog niet tellen: niet ondertekend (aan tafel of het formulier van de thuisploeg), of betwist' })
  unsignedSeats: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Som van die sets; null voor wie ze niet mag zien (het publiek, Regel 15)' })
  unsignedHomePoints: number | null;
  @ApiProperty({ nullable: true, type: Number }) unsignedAwayPoints: number | null;
  @ApiProperty({
    nullable: true,
    type: String,
    example: '+ 8–0 nog niet ondertekend',
    description: 'Het niet ondertekende werk in de woorden van elk scherm: "+ 8–0 nog niet ondertekend", voor het publiek "+ 2 sets nog niet ondertekend"; null als er geen is',
  })
  unsigned: string | null;
}

/** The counted score of a loaded match (countedScore), as the API answers it. */
export function mapCountedScore(match: Pick<MatchRow, 'status' | 'resultState' | 'homeSignedAt' | 'homePoints' | 'awayPoints' | 'sets'>, pairsPerTeam: number): CountedScoreDto {
  const score = countedScore(
    { status: match.status, resultState: match.resultState, homeSigned: match.homeSignedAt !== null, sets: match.sets, result: { homePoints: match.homePoints, awayPoints: match.awayPoints } },
    pairsPerTeam,
  );
  return { ...score, unsigned: unsignedWords(score, true) };
}

export class CorrectionDto {
  @ApiProperty({ description: 'Reden van de laatste correctie' }) reason: string;
  @ApiProperty({ format: 'date-time' }) correctedAt: string;
  @ApiProperty({ enum: ['SUPERVISOR', 'ADMIN'], description: 'Door de wedstrijdleider of de bond (geen namen)' }) by: 'SUPERVISOR' | 'ADMIN';
}

export class MatchDetailDto extends MatchSummaryDto {
  @ApiProperty() divisionName: string;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty() seasonName: string;
  @ApiProperty({ nullable: true, type: String, description: 'Speellocatie van de thuisvereniging' }) venue: string | null;
  @ApiProperty({ nullable: true, type: String }) city: string | null;
  @ApiProperty({ description: 'Koppels per team = tafels = sets' }) pairsPerTeam: number;
  @ApiProperty() gamesPerSet: number;
  @ApiProperty({ description: 'Elke set aan elke tafel heeft een uitslag' }) complete: boolean;
  @ApiProperty({ type: CountedScoreDto, description: 'De stand die elk scherm toont: wat telt, en apart wat nog niet ondertekend is' }) score: CountedScoreDto;
  @ApiProperty({ type: [SeatDto], description: 'Alle sets × tafels van het tafelschema, set na set' }) sets: SeatDto[];
  @ApiProperty({ type: PublicLineupDto, nullable: true }) homeLineup: PublicLineupDto | null;
  @ApiProperty({ type: PublicLineupDto, nullable: true }) awayLineup: PublicLineupDto | null;
  @ApiProperty({ type: [PublicSubstitutionDto] }) substitutions: PublicSubstitutionDto[];
  @ApiProperty({ type: [MatchMoveDto] }) moves: MatchMoveDto[];
  @ApiProperty({ type: [MatchDeductionDto], description: 'Puntenaftrek door deze wedstrijd (Regel 4, 6)' }) deductions: MatchDeductionDto[];
  @ApiProperty({ type: SignaturesDto }) signatures: SignaturesDto;
  @ApiProperty({ type: ResultEntryWindowDto }) resultEntry: ResultEntryWindowDto;
  @ApiProperty({ type: CorrectionDto, nullable: true, description: 'De laatste correctie van de vastgezette uitslag door de wedstrijdleider of de bond' })
  correction: CorrectionDto | null;
}

function mapTeam(team: MatchSummaryRow['homeTeam']): MatchTeamDto {
  return { id: team.id, name: team.name, clubId: team.clubId, clubName: team.club.name };
}

/** `settings`: the match's season's; the winner is the one the standings count (Regel 8: cancelledMatchPoints). */
export function mapMatchSummary(match: MatchSummaryRow, settings: Pick<CompetitionSettings, 'cancelledMatchPoints'> & Partial<Pick<CompetitionSettings, 'paperConfirmHours'>>): MatchSummaryDto {
  const forfeitingSide = match.forfeitingTeamId ? sideOf(match, match.forfeitingTeamId) : null;
  return {
    id: match.id,
    divisionId: match.divisionId,
    round: match.round,
    date: isoDate(match.date),
    startTime: match.startTime,
    homeTeam: mapTeam(match.homeTeam),
    awayTeam: mapTeam(match.awayTeam),
    status: match.status,
    resultState: match.resultState,
    homePoints: match.homePoints,
    awayPoints: match.awayPoints,
    unsigned: null,
    winner: storedWinner({ ...match, forfeitingSide }, settings),
    bothForfeited: match.bothForfeited,
    homeIneligible: match.homeIneligible,
    awayIneligible: match.awayIneligible,
    forfeitingTeamId: match.forfeitingTeamId,
    forfeitCause: match.forfeitCause,
    calledOffAt: match.calledOffAt?.toISOString() ?? null,
    calledOffByTeamId: match.calledOffByTeamId,
    forfeitPairsPresent: match.forfeitPairsPresent,
    finalAt: match.finalAt?.toISOString() ?? null,
    finalDueAt: match.finalDueAt?.toISOString() ?? null,
    finality: finalityWords(match, new Date(), settings.paperConfirmHours),
    finalBy: match.resultState === 'CONFIRMED' ? match.finalBy : null,
    lineupTeamIds: match.lineups.map((l) => l.teamId),
    statusReason: match.statusReason,
    version: match.version,
    // The home team signed (explicitly, after the summary); the signature lapses with every change.
    resultComplete: match.resultState === 'CONFIRMED' || match.homeSignedAt !== null,
    resultPhase: phaseOf(match),
    dispute: match.disputedAt && match.homeSignedAt === null && match.resultState === 'ENTERED' ? { comment: match.disputeComment ?? '', disputedAt: match.disputedAt.toISOString() } : null,
  };
}

/** Every seat of the table plan with what is stored for it. */
export function mapSeats(match: MatchRow, pairsPerTeam: number): SeatDto[] {
  const stored = new Map(match.sets.map((row) => [seatKey(row.setNumber, row.tableNumber), row]));
  return tablePlan(pairsPerTeam).map((seat) => {
    const row = stored.get(seatKey(seat.setNumber, seat.tableNumber));
    return {
      ...seat,
      homePoints: row?.homePoints ?? null,
      awayPoints: row?.awayPoints ?? null,
      source: row?.source ?? null,
      credited: row !== undefined && isCreditedSource(row.source),
      games: (row?.games ?? []).map((g) => ({ gameNumber: g.gameNumber, winner: g.winner, kind: g.kind, points: g.points, penaltyRule: g.penaltyRule })),
      enteredBySide: row?.enteredBySide ?? null,
      signedBySide: row?.signedBySide ?? null,
      signedAt: row?.signedAt?.toISOString() ?? null,
      refusedBySide: row?.refusedBySide ?? null,
      refusedAt: row?.refusedAt?.toISOString() ?? null,
      refusalComment: row?.refusalComment ?? null,
      decidedAt: row?.decidedAt?.toISOString() ?? null,
      decisionReason: row?.decisionReason ?? null,
    };
  });
}

/** How a reader of a match sees a player: the member and the name of the club the player plays for. */
export type NameOf = (member: PersonName & { doNotPublish: boolean }, clubName: string | null) => string;

/**
 * The names a viewer reads on a match (RULES.md, privacy). The two clubs of the match (who sign
 * one form with both line-ups on it), supervisors and the federation read the form's family
 * names; anyone else (the public, another club) reads what a public page shows: the family
 * name, or "speler van <club>" for a member whose club chose "niet publiceren".
 */
export function namesFor(viewer: MatchViewer | undefined, match: { homeTeam: { clubId: string }; awayTeam: { clubId: string } }): NameOf {
  return namesForClubs(viewer, [match.homeTeam.clubId, match.awayTeam.clubId]);
}

/** The same rule for members of these clubs outside a match: the clubs' own secretaries, supervisors and the federation read family names; anyone else what a public page shows. */
export function namesForClubs(viewer: MatchViewer | undefined, clubIds: readonly string[]): NameOf {
  return canReadMatchInternals(viewer, clubIds) ? familyNameOf : publicNameOf;
}

/** The name of the club a team of this match belongs to. */
function clubNameOf(match: Pick<MatchRow, 'homeTeamId' | 'homeTeam' | 'awayTeam'>, teamId: string): string {
  return teamId === match.homeTeamId ? match.homeTeam.club.name : match.awayTeam.club.name;
}

/** Pairs and reserves by family name only, as on the form (Regel 15), or as `nameOf` names them. */
export function mapPublicLineup(lineup: LineupRow | null, clubName: string | null = null, nameOf: NameOf = familyNameOf): PublicLineupDto | null {
  if (!lineup) return null;
  return {
    teamId: lineup.teamId,
    pairs: pairsOf(lineup.players).map(({ pairNumber, players }) => ({
      pairNumber,
      fromSet: players[0].fromSet,
      names: players.map((p) => nameOf(p.member, clubName)),
    })),
    reserves: reservesOf(lineup.players).map((p) => nameOf(p.member, clubName)),
  };
}

export function mapPublicSubstitution(sub: MatchRow['substitutions'][number], clubName: string | null = null, nameOf: NameOf = familyNameOf): PublicSubstitutionDto {
  return {
    id: sub.id,
    teamId: sub.teamId,
    setNumber: sub.setNumber,
    pairNumber: sub.pairNumber,
    outName: nameOf(sub.outMember, clubName),
    inName: nameOf(sub.inMember, clubName),
    violation: sub.violation,
  };
}

/** The line-ups and substitutions of a match, named as `nameOf` names players. */
export function mapPlayers(match: MatchRow, nameOf: NameOf = familyNameOf): Pick<MatchDetailDto, 'homeLineup' | 'awayLineup' | 'substitutions'> {
  return {
    homeLineup: mapPublicLineup(lineupOf(match, 'HOME'), match.homeTeam.club.name, nameOf),
    awayLineup: mapPublicLineup(lineupOf(match, 'AWAY'), match.awayTeam.club.name, nameOf),
    substitutions: match.substitutions.map((s) => mapPublicSubstitution(s, clubNameOf(match, s.teamId), nameOf)),
  };
}

const dateTime = (value: Date | null) => value?.toISOString() ?? null;

/** The match page; players named as `nameOf` names them (the form's family names unless a viewer's rule says otherwise: namesFor). */
export function mapMatchDetail(match: MatchRow, settings: Pick<CompetitionSettings, 'pairsPerTeam' | 'gamesPerSet' | 'cancelledMatchPoints'>, nameOf: NameOf = familyNameOf): MatchDetailDto {
  const sets = mapSeats(match, settings.pairsPerTeam);
  return {
    ...mapMatchSummary(match, settings),
    divisionName: match.division.name,
    seasonId: match.division.seasonId,
    seasonName: match.division.season.name,
    venue: match.homeTeam.club.venue,
    city: match.homeTeam.club.city,
    pairsPerTeam: settings.pairsPerTeam,
    gamesPerSet: settings.gamesPerSet,
    complete: sets.every((s) => s.homePoints !== null),
    score: mapCountedScore(match, settings.pairsPerTeam),
    sets,
    ...mapPlayers(match, nameOf),
    moves: match.moves.map((m) => ({ fromDate: isoDate(m.fromDate), toDate: isoDate(m.toDate), swapped: m.swapped, reason: m.reason, createdAt: m.createdAt.toISOString() })),
    deductions: match.deductions.map((d) => ({ teamId: d.teamId, points: d.points, rule: d.rule, reason: d.reason })),
    signatures: { enteredAt: dateTime(match.enteredAt), homeSignedAt: dateTime(match.homeSignedAt), awaySignedAt: dateTime(match.awaySignedAt) },
    resultEntry: { ...entryWindowOf(match), atTables: playedAtTables(match) },
    correction:
      match.correctedAt && match.correctionReason
        ? { reason: match.correctionReason, correctedAt: match.correctedAt.toISOString(), by: match.correctedByRole === 'ADMIN' ? 'ADMIN' : 'SUPERVISOR' }
        : null,
  };
}

/** Whether a secretary may enter the result today (from the match day on, Europe/Amsterdam). */
export function entryWindowOf(match: { date: Date }, today = todayIso()): Omit<ResultEntryWindowDto, 'atTables'> {
  const opensOn = isoDate(match.date);
  const window = resultEntryWindow(opensOn, today, 'SECRETARY');
  return { open: window.open, opensOn, notice: window.open ? null : sentence(entryOpensText(opensOn)) };
}

/** Played at the tables: the night was opened, or a table entered, signed or refused a set (the core's rule for the paper form, match-command.ts). */
export function playedAtTables(match: { nightOpenedAt: Date | null; sets: readonly { enteredBySide: unknown; signedBySide: unknown; refusedBySide: unknown }[] }): boolean {
  return match.nightOpenedAt !== null || match.sets.some((s) => s.enteredBySide !== null || s.signedBySide !== null || s.refusedBySide !== null);
}

/** Matches grouped by round, in round order. */
export function groupByRound(matches: MatchSummaryDto[]): MatchRoundDto[] {
  const rounds = [...new Set(matches.map((m) => m.round))].sort((a, b) => a - b);
  return rounds.map((round) => ({ round, matches: matches.filter((m) => m.round === round) }));
}

/** Ends a text with one full stop ("za 28 nov." already has one). */
function sentence(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}

/** Who reads a match: the dispute's comment is for the two clubs, supervisors and the federation only. */
export interface MatchViewer {
  role: string;
  clubId: string | null;
}

/** What the public score rule (scoreView) needs besides the match: read once per request, not per match. */
export interface ScoreFacts {
  /** The season's liveScores setting (a division's or a team's matches are one season). */
  liveScores: boolean;
  /**
   * For summaries (no sets): the matches not yet final holding seats that do not count yet
   * (entered at the table and not signed, disputed, or on a paper form the home team has not
   * signed), with those seats' sum and the sum of the seats that do count.
   */
  awaiting?: ReadonlyMap<string, AwaitingSeats>;
}

export interface AwaitingSeats {
  seats: number;
  homePoints: number;
  awayPoints: number;
  /** The seats that count (countedScore); null when none does. */
  counted: { homePoints: number; awayPoints: number } | null;
}

/**
 * A summary (no sets) before final shows what the match page shows (countedScore): the sets that
 * count, and the unsigned work apart ("+ 8–0 nog niet ondertekend"; the public reads how many sets,
 * Regel 15). A summary whose seats all count keeps its totals.
 */
function countedSummary<T extends MatchSummaryDto>(match: T, awaiting: AwaitingSeats | undefined, showPoints: boolean): T {
  if (!awaiting || match.resultState === 'CONFIRMED' || (match as Partial<MatchDetailDto>).sets) return match;
  const unsigned = unsignedWords({ unsignedSeats: awaiting.seats, unsignedHomePoints: awaiting.homePoints, unsignedAwayPoints: awaiting.awayPoints }, showPoints);
  return { ...match, homePoints: awaiting.counted?.homePoints ?? null, awayPoints: awaiting.counted?.awayPoints ?? null, unsigned };
}

/**
 * A match as this viewer may read it: the public (and other clubs) see that a result (or a
 * set at the table) is disputed and when, not the free-text comment, which may name people;
 * and of its scores what scoreView allows (Regel 15, the season's liveScores).
 */
export function forViewer<T extends MatchSummaryDto>(match: T, viewer: MatchViewer | undefined, facts: ScoreFacts): T {
  const awaiting = facts.awaiting?.get(match.id);
  if (canReadMatchInternals(viewer, [match.homeTeam.clubId, match.awayTeam.clubId])) return countedSummary(match, awaiting, true);
  let shown = countedSummary(match.dispute ? { ...match, dispute: { ...match.dispute, comment: null } } : match, awaiting, false);
  // A pair's refusal at the table (Regel 35B) is a comment of the same kind.
  const sets = (shown as Partial<MatchDetailDto>).sets;
  if (sets?.some((s) => s.refusalComment !== null)) shown = { ...shown, sets: sets.map((s) => ({ ...s, refusalComment: null })) };
  return publicScores(shown, scoreView(shown.resultState, facts.liveScores));
}

/** A played seat entered on the paper form (not at the table, not decided by the supervisor, not credited by the rules): it waits for the home team's signature of the form. */
function awaitsFormSignature(seat: Pick<SeatDto, 'enteredBySide' | 'signedBySide' | 'decidedAt' | 'credited'>): boolean {
  return seat.enteredBySide === null && seat.signedBySide === null && seat.decidedAt === null && !seat.credited;
}

/**
 * SIGNED: a table's score shows only once the opposing pair signed it (as on the live pages):
 * an entry awaiting its signature shows as not yet there, and the totals are the sum of what
 * is shown; a summary (no sets) shows the sets that count (countedSummary, before this).
 * NONE: no seat scores and no totals at all.
 */
function publicScores<T extends MatchSummaryDto>(match: T, view: ScoreView): T {
  if (view === 'ALL') return match;
  const counted = (match as Partial<MatchDetailDto>).score;
  if (counted) {
    // How many sets are not signed yet is public; their scores are not (Regel 15), nor any score with liveScores off.
    const hidden = view === 'NONE' ? { homePoints: null, awayPoints: null } : {};
    match = { ...match, score: { ...counted, ...hidden, unsignedHomePoints: null, unsignedAwayPoints: null, unsigned: unsignedWords(counted, false) } } as T;
  }
  const sets = (match as Partial<MatchDetailDto>).sets;
  if (!sets) {
    return view === 'NONE' && (match.homePoints !== null || match.awayPoints !== null || match.unsigned !== null) ? { ...match, homePoints: null, awayPoints: null, unsigned: null } : match;
  }
  // A seat of the paper form counts once the home team signed the form (Regel 15), as on the live pages.
  const unsignedForm = match.resultState !== 'CONFIRMED' && !match.resultComplete;
  const hidden = (s: SeatDto) => s.homePoints !== null && (view === 'NONE' || awaitsTableSignature(s) || (unsignedForm && awaitsFormSignature(s)));
  if (!sets.some(hidden) && (view === 'SIGNED' || match.homePoints === null)) return match;
  const shownSets = sets.map((s) => (hidden(s) ? { ...s, homePoints: null, awayPoints: null, games: [] } : s));
  const total = (side: 'homePoints' | 'awayPoints') => shownSets.reduce((sum, s) => sum + (s[side] ?? 0), 0);
  const anyScore = shownSets.some((s) => s.homePoints !== null);
  return { ...match, sets: shownSets, complete: false, homePoints: anyScore ? total('homePoints') : null, awayPoints: anyScore ? total('awayPoints') : null };
}
