import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsBoolean, IsIn, IsInt, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { IsIsoDateString, isoDate, queryBoolean } from '../common/dto';
import { IsIdempotencyKey } from '../common/idempotency.dto';
import { IsReason } from '../common/reason.dto';
import { isOverdue, summarizeFines, type FineRule, type FineTotals } from '../domain/fines/fines';
import type { IsoDate } from '../domain/dates';
import type { FineStatus } from '../generated/prisma/enums';
import type { FineRow } from './fine-rows';
import { IsOptionalNotNull, IsPlainText } from '../common/validators';

const FINE_STATUSES = ['PROPOSED', 'OPEN', 'PAID', 'WAIVED', 'DISCARDED'] as const satisfies readonly FineStatus[];
const FINE_RULES = ['5D', '5E', '6', '7', '9A', '10', '11'] as const satisfies readonly FineRule[];
const MAX_CENTS = 10_000_000;

// ─────────────────────────── input ───────────────────────────


export class FineListQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Standaard het lopende seizoen' }) @IsOptionalNotNull() @IsUUID() seasonId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptionalNotNull() @IsUUID() clubId?: string;
  @ApiPropertyOptional({ enum: FINE_STATUSES, enumName: 'FineStatus' }) @IsOptionalNotNull() @IsIn(FINE_STATUSES) status?: FineStatus;
  @ApiPropertyOptional({ enum: FINE_RULES }) @IsOptionalNotNull() @IsIn(FINE_RULES) rule?: string;
  @ApiPropertyOptional({ description: 'Alleen openstaande boetes over de betalingstermijn' })
  @IsOptionalNotNull()
  @Transform(queryBoolean)
  @IsBoolean()
  overdue?: boolean;
}

export class SeasonQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Standaard het lopende seizoen' }) @IsOptionalNotNull() @IsUUID() seasonId?: string;
}

export class StatementQueryDto extends SeasonQueryDto {
  @ApiProperty({ enum: ['pdf', 'csv'] }) @IsIn(['pdf', 'csv']) format: 'pdf' | 'csv';
}

export class ConfirmFineDto {
  @ApiPropertyOptional({ description: 'Bedrag in centen; verplicht bij Regel 6 (het bestuur stelt het vast), anders niet toegestaan' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(MAX_CENTS)
  amountCents?: number;
}

export class ChangeFineAmountDto {
  @ApiProperty({ minimum: 1, description: 'Nieuw bedrag in centen (een voorstel dat vervalt: …/discard met een reden)' })
  @IsInt()
  @Min(1, { message: 'Een boete van € 0 bestaat niet: laat het voorstel vervallen (met een reden) als er geen boete komt.' })
  @Max(MAX_CENTS)
  amountCents: number;
  @ApiProperty({ description: 'Waarom het bedrag afwijkt van wat de regels geven' }) @IsReason() reason: string;
}

export class MarkPaidDto {
  @ApiPropertyOptional({ format: 'date', description: 'Standaard vandaag' }) @IsOptionalNotNull() @IsIsoDateString() paidOn?: string;
}

export class BulkMarkPaidDto extends MarkPaidDto {
  @ApiProperty({ type: [String], format: 'uuid' })
  @IsUUID('all', { each: true })
  @ArrayMinSize(1)
  @ArrayMaxSize(500)
  @ArrayUnique()
  fineIds: string[];
}

export class LevyFineDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() clubId: string;
  @ApiProperty({ format: 'uuid', description: 'Een boete uit de catalogus van het seizoen (Regel 10)' }) @IsUUID() catalogItemId: string;
  @ApiPropertyOptional({ description: 'Toelichting, bv. welke wedstrijd of wat er ontbrak' }) @IsOptionalNotNull() @IsString() @MaxLength(500) @IsPlainText({ lineBreaks: true }) detail?: string;
  @ApiPropertyOptional({ format: 'date', description: 'Datum van opleggen; standaard vandaag' }) @IsOptionalNotNull() @IsIsoDateString() issuedOn?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'De wedstrijd waar het gebeurde' }) @IsOptionalNotNull() @IsUUID() matchId?: string;
  /** The form's key: the same request sent again answers the fine it levied, never a second one. */
  @IsIdempotencyKey() idempotencyKey?: string;
}

// ─────────────────────────── output ───────────────────────────

/** The match a fine is about: enough to name it ("Kaiman 1 – Marowijne 1, 14-11-2026") and link to /wedstrijden/{id}. */
export class FineMatchDto {
  @ApiProperty({ format: 'uuid', description: 'De wedstrijdpagina is /wedstrijden/{id}' }) id: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty() round: number;
  @ApiProperty() homeTeamName: string;
  @ApiProperty() awayTeamName: string;
}

/** The member list a fine is about (Regel 1: a list too late), to link to it. */
export class FineMemberListDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
}

export class FineDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) teamId: string | null;
  @ApiProperty({ nullable: true, type: String }) teamName: string | null;
  @ApiProperty({ example: '5D' }) rule: string;
  @ApiProperty() reason: string;
  @ApiProperty({ nullable: true, type: Number, description: 'In centen; null: het bestuur stelt het bedrag nog vast (Regel 6)' }) amountCents: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Wat de regels gaven, als een beheerder het bedrag wijzigde' }) proposedAmountCents: number | null;
  @ApiProperty({ nullable: true, type: String }) changeReason: string | null;
  @ApiProperty({ format: 'date' }) issuedOn: string;
  @ApiProperty({ format: 'date', description: 'Regel 12B: datum van opleggen + betalingstermijn' }) dueOn: string;
  @ApiProperty({ enum: ['FEDERATION', 'CLUB'], enumName: 'Beneficiary' }) beneficiary: 'FEDERATION' | 'CLUB';
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) beneficiaryClubId: string | null;
  @ApiProperty({ nullable: true, type: String }) beneficiaryClubName: string | null;
  @ApiProperty({ enum: FINE_STATUSES, enumName: 'FineStatus' }) status: FineStatus;
  @ApiProperty({ description: 'Openstaand en over de betalingstermijn' }) overdue: boolean;
  @ApiProperty({ format: 'date', nullable: true, type: String }) paidOn: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'Waarom kwijtgescholden of vervallen' }) statusReason: string | null;
  @ApiProperty({ type: FineMatchDto, nullable: true, description: 'De wedstrijd waar de boete over gaat (elke boete die uit een wedstrijd volgt)' }) match: FineMatchDto | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) memberListId: string | null;
  @ApiProperty({ type: FineMemberListDto, nullable: true, description: 'De moederlijst waar de boete over gaat' }) memberList: FineMemberListDto | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) catalogItemId: string | null;
}

export class FineTotalsDto implements FineTotals {
  @ApiProperty({ description: 'Openstaand in centen, te laat inbegrepen' }) openCents: number;
  @ApiProperty({ description: 'Deel van openCents over de betalingstermijn' }) overdueCents: number;
  @ApiProperty() paidCents: number;
  @ApiProperty() waivedCents: number;
}

export class ClubFineTotalsDto extends FineTotalsDto {
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
}

export class FineSeasonDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

export class FineListDto {
  @ApiProperty({ type: FineSeasonDto }) season: FineSeasonDto;
  @ApiProperty({ format: 'date' }) today: string;
  @ApiProperty({ type: [FineDto], description: 'De boetes die aan de filters voldoen' }) fines: FineDto[];
  @ApiProperty({ type: FineTotalsDto, description: 'Totalen van het hele seizoen' }) totals: FineTotalsDto;
  @ApiProperty({ type: [ClubFineTotalsDto], description: 'Totalen per vereniging over het hele seizoen' }) byClub: ClubFineTotalsDto[];
  @ApiProperty({ description: 'Voorstellen die nog op bevestiging wachten' }) proposedCount: number;
}

export class PaymentDetailsDto {
  @ApiProperty() accountName: string;
  @ApiProperty() iban: string;
  @ApiProperty({ description: 'Te vermelden bij de betaling' }) reference: string;
}

export class ClubFinesDto {
  @ApiProperty({ type: FineSeasonDto }) season: FineSeasonDto;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
  @ApiProperty({ format: 'date' }) today: string;
  @ApiProperty({ type: [FineDto], description: 'Opgelegde boetes (open, betaald, kwijtgescholden); voorstellen niet' }) fines: FineDto[];
  @ApiProperty({
    type: [FineDto],
    description:
      'Voorstellen van het systeem (status PROPOSED) die de bond nog moet beoordelen: nog niet definitief en nog niet te betalen; ze tellen niet mee in de totalen en niet in het overzicht (PDF/CSV). Vervallen voorstellen niet.',
  })
  proposed: FineDto[];
  @ApiProperty({ type: FineTotalsDto, description: 'Alleen opgelegde boetes' }) totals: FineTotalsDto;
  @ApiProperty({ type: PaymentDetailsDto }) payment: PaymentDetailsDto;
}

export class FineHistoryEntryDto {
  @ApiProperty() action: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ nullable: true, type: String }) userName: string | null;
  @ApiProperty({ nullable: true, type: String }) reason: string | null;
}

export class FineDetailDto extends FineDto {
  @ApiProperty({ type: [FineHistoryEntryDto] }) history: FineHistoryEntryDto[];
}

// ─────────────────────────── mappers ───────────────────────────

/** Regel 6: a proposal whose amount the board has not set yet is stored as 0. */
export function awaitsBoardAmount(row: Pick<FineRow, 'rule' | 'status' | 'amountCents'>): boolean {
  return row.rule === '6' && row.status === 'PROPOSED' && row.amountCents === 0;
}

export function mapFine(row: FineRow, today: IsoDate): FineDto {
  const dueOn = isoDate(row.dueOn);
  return {
    id: row.id,
    seasonId: row.seasonId,
    clubId: row.clubId,
    clubName: row.club.name,
    teamId: row.teamId,
    teamName: row.team?.name ?? null,
    rule: row.rule,
    reason: row.reason,
    amountCents: awaitsBoardAmount(row) ? null : row.amountCents,
    proposedAmountCents: row.proposedAmountCents,
    changeReason: row.changeReason,
    issuedOn: isoDate(row.issuedOn),
    dueOn,
    beneficiary: row.beneficiary,
    beneficiaryClubId: row.beneficiaryClubId,
    beneficiaryClubName: row.beneficiaryClub?.name ?? null,
    status: row.status,
    overdue: isOverdue({ status: row.status, dueOn }, today),
    paidOn: isoDate(row.paidOn),
    statusReason: row.waivedReason,
    match: row.match
      ? { id: row.match.id, date: isoDate(row.match.date), round: row.match.round, homeTeamName: row.match.homeTeam.name, awayTeamName: row.match.awayTeam.name }
      : null,
    memberListId: row.memberListId,
    memberList: row.memberList ? { id: row.memberList.id, clubId: row.memberList.clubId, seasonId: row.memberList.seasonId } : null,
    catalogItemId: row.catalogItemId,
  };
}

const totalsOnly = ({ openCents, overdueCents, paidCents, waivedCents }: FineTotals): FineTotalsDto => ({ openCents, overdueCents, paidCents, waivedCents });

/** Season totals and per-club totals (summarizeFines), with the clubs' names, sorted by name. */
export function mapTotals(fines: readonly FineDto[], today: IsoDate): { totals: FineTotalsDto; byClub: ClubFineTotalsDto[] } {
  const summary = summarizeFines(fines, today);
  const names = new Map(fines.map((f) => [f.clubId, f.clubName]));
  const byClub = Object.entries(summary.byClub)
    .map(([clubId, totals]) => ({ clubId, clubName: names.get(clubId) ?? '', ...totalsOnly(totals) }))
    .sort((a, b) => a.clubName.localeCompare(b.clubName, 'nl'));
  return { totals: totalsOnly(summary), byClub };
}
