/**
 * The match night's answers and inputs (docs/match-night.md "HTTP API"): the night with its
 * table codes, the table's view and entries (family names only, Regel 15), and the
 * supervisor's console.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsUUID, Max, Min, ValidateNested } from 'class-validator';
import { IsIsoDateString } from '../common/dto';
import { IsIdempotencyKey } from '../common/idempotency.dto';
import { IsReason, IsRequiredText } from '../common/reason.dto';
import { IsOptionalNotNull } from '../common/validators';
import type { GameKind, SetSource, Side, SupervisorActionKind } from '../generated/prisma/enums';
import { ApiFinality, CountedScoreDto, GameDto, MatchSummaryDto, SET_SOURCES, SIDE_VALUES } from '../matches/match.dto';
import { GameInputDto } from '../matches/result.dto';
import { SUPERVISOR_ACTION_KINDS } from '../matches/supervisor-actions.dto';
import { ALERT_KINDS, type AlertKind, SEAT_STATES, type SeatState } from './table-state';

// ── The night and its codes ─────────────────────────────────────────────────────────────

export class TableCodeDto {
  @ApiProperty() tableNumber: number;
  @ApiProperty({ example: 'K7MX2QPT9H', description: 'De code zoals hij in de URL staat (10 tekens, zonder streepje)' }) code: string;
  @ApiProperty({ example: 'K7MX2-QPT9H', description: 'De code zoals hij geprint en getypt wordt' }) displayCode: string;
  @ApiProperty({ example: 'https://competitie.tsbn.nl/tafel/K7MX2QPT9H', description: 'De pagina die de QR-code opent' }) url: string;
  @ApiProperty({ format: 'date-time' }) expiresAt: string;
  @ApiProperty({ description: 'false zodra de avond voorbij is of de uitslag vaststaat' }) active: boolean;
}

export class MatchNightDto {
  @ApiProperty({ format: 'uuid' }) matchId: string;
  @ApiProperty({ description: 'De speelavond is geopend (de tafelcodes bestaan)' }) open: boolean;
  @ApiProperty({ format: 'date', description: 'De wedstrijddatum: vanaf die dag kan de avond worden geopend' }) opensOn: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) openedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Daarna werken de tafelcodes niet meer (06:00 de dag na de wedstrijd)' })
  endsAt: string | null;
  @ApiProperty({ description: 'De uitslag staat vast: de tafelcodes werken niet meer' }) locked: boolean;
  @ApiProperty({ type: [TableCodeDto], description: 'Eén geldige code per tafel; leeg zolang de avond niet geopend is' }) tables: TableCodeDto[];
}

export class RevokeTableCodeInputDto {
  @ApiProperty({ description: 'Waarom de code wordt ingetrokken (bijv. "foto van de code gedeeld"); komt in het logboek' })
  @IsReason()
  reason: string;
}

// ── At the table ────────────────────────────────────────────────────────────────────────

export class TableTeamDto {
  @ApiProperty() club: string;
  @ApiProperty() team: string;
}

export class TableMatchDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ example: '20:00' }) startTime: string;
  @ApiProperty() round: number;
  @ApiProperty() division: string;
  @ApiProperty({ type: TableTeamDto }) home: TableTeamDto;
  @ApiProperty({ type: TableTeamDto }) away: TableTeamDto;
}

export class TablePairDto {
  @ApiProperty() number: number;
  @ApiProperty({ type: [String], description: 'Alleen achternamen (Regel 15), met de wissels tot en met deze set; leeg als het koppel (nog) niet speelt' })
  names: string[];
}

export class TableSetDto {
  @ApiProperty() setNumber: number;
  @ApiProperty({ type: TablePairDto, description: 'Het thuiskoppel: blijft aan deze tafel' }) homePair: TablePairDto;
  @ApiProperty({ type: TablePairDto, description: 'Het lopende koppel in deze set (Regel 22)' }) awayPair: TablePairDto;
  @ApiProperty({
    enum: SEAT_STATES,
    enumName: 'SeatState',
    description:
      'WAITING: nog niet ingevoerd; ENTERED: ingevoerd, wacht op de handtekening van het andere koppel; SIGNED: getekend (onherroepelijk) of door de wedstrijdleider beslist; ' +
      'DISPUTED: een koppel weigert te tekenen, de wedstrijdleider beslist (Regel 35B); CREDITED: door de regels bepaald (afwezig koppel, ongeldige wissel, verwijderde speler)',
  })
  state: SeatState;
  @ApiProperty({ enum: SET_SOURCES, enumName: 'SetSource', nullable: true }) source: SetSource | null;
  @ApiProperty({ type: [GameDto] }) games: GameDto[];
  @ApiProperty({ nullable: true, type: Number }) homePoints: number | null;
  @ApiProperty({ nullable: true, type: Number }) awayPoints: number | null;
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', nullable: true, description: 'Het koppel dat de set aan tafel invoerde (null: van het papieren formulier)' })
  enteredBySide: Side | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) enteredAt: string | null;
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', nullable: true, description: 'Het koppel dat tekende' }) signedBySide: Side | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) signedAt: string | null;
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', nullable: true, description: 'Het koppel dat weigerde te tekenen' }) refusedBySide: Side | null;
  @ApiProperty({ nullable: true, type: String }) refusalComment: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'De reden van de beslissing of correctie van de wedstrijdleider' }) decisionReason: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) decidedAt: string | null;
}

export class TableNoticeDto {
  @ApiProperty({ enum: SUPERVISOR_ACTION_KINDS, enumName: 'SupervisorActionKind' }) kind: SupervisorActionKind;
  @ApiProperty() setNumber: number;
  @ApiProperty({ description: 'Wat er volgt, in woorden (koppelnummers, geen namen); bij een ingetrokken beslissing: dat de ingevoerde stand weer geldt' }) consequence: string;
  @ApiProperty({ nullable: true, type: String, description: 'De reden van de wedstrijdleider: van de beslissing, of van het intrekken ervan (null bij een intrekking van vóór december 2026)' }) reason: string | null;
  @ApiProperty({ format: 'date-time', description: 'Wanneer de wedstrijdleider besliste, of de beslissing introk' }) createdAt: string;
  @ApiProperty({ description: 'De wedstrijdleider trok deze beslissing in (RULES.md "Undo"): de stand die de tafel invoerde geldt weer' }) withdrawn: boolean;
}

export class GameKindPointsDto {
  @ApiProperty({ enum: ['WON', 'KAP', 'KAP_TAPPED', 'BAUNIE', 'FAILED_BAUNIE'] }) kind: Exclude<GameKind, 'PENALTY'>;
  @ApiProperty() points: number;
}

export class PenaltyRulePointsDto {
  @ApiProperty({ example: '17A' }) rule: string;
  @ApiProperty({ type: [Number], description: 'De strafpunten die deze regel toestaat' }) points: number[];
}

export class TableViewDto {
  @ApiProperty({ type: TableMatchDto }) match: TableMatchDto;
  @ApiProperty() tableNumber: number;
  @ApiProperty({ description: 'De uitslag is definitief (hoe: finality): alleen nog lezen' }) locked: boolean;
  @ApiFinality()
  finality: string | null;
  @ApiProperty({ description: 'Invoeren, tekenen en weigeren kan nu (avond open, niet vastgezet)' }) writable: boolean;
  @ApiProperty({ format: 'date-time' }) nightEndsAt: string;
  @ApiProperty() gamesPerSet: number;
  @ApiProperty({ type: [GameKindPointsDto] }) gameKinds: GameKindPointsDto[];
  @ApiProperty({ type: [PenaltyRulePointsDto] }) penaltyRules: PenaltyRulePointsDto[];
  @ApiProperty({ nullable: true, type: Number, description: 'De set die nu aan deze tafel aan de beurt is; null als alle sets klaar zijn' }) currentSet: number | null;
  @ApiProperty({ type: [TableSetDto] }) sets: TableSetDto[];
  @ApiProperty({ type: [TableNoticeDto], description: 'Beslissingen van de wedstrijdleider die deze tafel raken (Regel 22, 38)' }) notices: TableNoticeDto[];
}

export class TotalsInputDto {
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0) @Max(999) home: number;
  @ApiProperty({ minimum: 0 }) @IsInt() @Min(0) @Max(999) away: number;
}

export class IdempotentInputDto {
  @IsIdempotencyKey()
  idempotencyKey?: string;
}

export class TableEntryInputDto extends IdempotentInputDto {
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', description: 'Het koppel dat invoert; het andere koppel tekent daarna' })
  @IsIn(SIDE_VALUES)
  enteredBy: Side;

  @ApiPropertyOptional({ type: [GameInputDto], description: 'Partij voor partij (voorkeur); dan geen totals' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(12)
  @ValidateNested({ each: true })
  @Type(() => GameInputDto)
  games?: GameInputDto[];

  @ApiPropertyOptional({ type: TotalsInputDto, description: 'Alleen de setstand, als de partijen niet worden ingevoerd' })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => TotalsInputDto)
  totals?: TotalsInputDto;

  @ApiPropertyOptional({
    enum: SIDE_VALUES,
    enumName: 'Side',
    description:
      'Het koppel dat deze invoer al op het toestel ondertekende (offline, later verstuurd): invoer en handtekening samen. Is de set intussen op een ander toestel met dezelfde stand ondertekend, dan is dit dezelfde set (niets verandert); met een andere stand wordt de set betwist voor de wedstrijdleider.',
  })
  @IsOptionalNotNull()
  @IsIn(SIDE_VALUES)
  signedBy?: Side;
}

export class TableSignInputDto extends IdempotentInputDto {
  @ApiProperty({ enum: SIDE_VALUES, enumName: 'Side', description: 'Het koppel dat tekent: het koppel dat niet invoerde' })
  @IsIn(SIDE_VALUES)
  side: Side;
}

export class TableRefuseInputDto extends TableSignInputDto {
  @ApiProperty({ description: 'Waarom het koppel niet tekent (de wedstrijdleider leest het, Regel 35B)' })
  @IsRequiredText('de opmerking', { min: 3, max: 1000 })
  comment: string;
}

// ── The supervisor's console ────────────────────────────────────────────────────────────

export class MatchNightsQueryDto {
  @ApiPropertyOptional({ format: 'date', description: 'De speeldag (standaard vandaag, Europe/Amsterdam)' })
  @IsOptionalNotNull()
  @IsIsoDateString()
  date?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Alleen de wedstrijden bij deze vereniging (de thuisvereniging: de speellocatie)' })
  @IsOptionalNotNull()
  @IsUUID()
  venueClubId?: string;
}

export class AlertDto {
  @ApiProperty({ enum: ALERT_KINDS, enumName: 'AlertKind', description: 'DISPUTE: een koppel weigert te tekenen (Regel 35B); IMPOSSIBLE_SCORE: een setstand die niet kan (Regel 15)' })
  kind: AlertKind;
  @ApiProperty() setNumber: number;
  @ApiProperty() tableNumber: number;
  @ApiProperty() message: string;
}

export class ConsoleSeatDto extends TableSetDto {
  @ApiProperty({ type: [AlertDto] }) alerts: AlertDto[];
}

export class ConsoleTableDto {
  @ApiProperty() tableNumber: number;
  @ApiProperty({ nullable: true, type: Number, description: 'De set die aan deze tafel aan de beurt is' }) currentSet: number | null;
  @ApiProperty({ type: [ConsoleSeatDto] }) sets: ConsoleSeatDto[];
}

export class SeatCountsDto {
  @ApiProperty() WAITING: number;
  @ApiProperty() ENTERED: number;
  @ApiProperty() SIGNED: number;
  @ApiProperty() DISPUTED: number;
  @ApiProperty() CREDITED: number;
}

export class NightConfirmationsDto {
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Bevestigd door de thuisvereniging' }) home: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Bevestigd door de uitvereniging' }) away: string | null;
}

export class ConsoleMatchDto {
  @ApiProperty({ type: MatchSummaryDto }) match: MatchSummaryDto;
  @ApiProperty({ type: CountedScoreDto, description: 'De stand die elk scherm toont: wat telt (ondertekend, beslist, toegekend), en apart wat nog niet ondertekend is' }) score: CountedScoreDto;
  @ApiProperty() divisionName: string;
  @ApiProperty({ nullable: true, type: String }) venue: string | null;
  @ApiProperty({ nullable: true, type: String }) city: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Wanneer de speelavond werd geopend; null: nog niet' }) nightOpenedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) nightEndsAt: string | null;
  @ApiProperty({ type: SeatCountsDto, description: 'Aantal sets per toestand' }) counts: SeatCountsDto;
  @ApiProperty({
    description: 'Elke set is getekend, beslist of door de regels bepaald, zonder open geschil: compleet; de uitslag wordt vanzelf definitief, en de verenigingen kunnen hem nu al bevestigen (hoeft niet)',
  })
  readyToConfirm: boolean;
  @ApiProperty({ type: NightConfirmationsDto }) confirmations: NightConfirmationsDto;
  @ApiProperty({ type: [ConsoleTableDto] }) tables: ConsoleTableDto[];
  @ApiProperty({ type: [AlertDto], description: 'Alle meldingen van de wedstrijd, set na set' }) alerts: AlertDto[];
}

export class DecisionInputDto extends IdempotentInputDto {
  @ApiPropertyOptional({ type: [GameInputDto], description: 'De score partij voor partij; laat games en totals weg om de ingevoerde score te laten staan' })
  @IsOptionalNotNull()
  @IsArray()
  @ArrayMaxSize(12)
  @ValidateNested({ each: true })
  @Type(() => GameInputDto)
  games?: GameInputDto[];

  @ApiPropertyOptional({ type: TotalsInputDto, description: 'Of alleen de setstand' })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => TotalsInputDto)
  totals?: TotalsInputDto;

  @ApiProperty({ description: 'Waarom (komt in het logboek en is aan de tafel te zien)' })
  @IsReason()
  reason: string;
}

export class ConfirmNightInputDto extends IdempotentInputDto {}
