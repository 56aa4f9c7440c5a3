import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUUID, MaxLength, Min, MinLength, ValidateBy } from 'class-validator';
import { IsIsoDateString, isoDate, todayIso } from '../common/dto';
import { IsReason } from '../common/reason.dto';
import { isIsoDate } from '../domain/dates';
import { describeSanction, MemberStatus, memberStatus, Sanction } from '../domain/eligibility';
import { birthDateProblem, MEMBER_NUMBER_HINT, MEMBER_NUMBER_MAX_LENGTH, NAME_MAX_LENGTHS } from '../domain/member-import';
import { IsOptionalNotNull, IsPlainText } from '../common/validators';

/** '' from a form field means "none". */
const emptyToNull = () => Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? null : value));
const trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** A birth date from 1900 up to today (an impossible date is left to IsIsoDateString). */
const IsBirthDate = () =>
  ValidateBy({
    name: 'isBirthDate',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !isIsoDate(value) || birthDateProblem(value, todayIso()) === null,
      defaultMessage: () => 'Vul een geboortedatum in tussen 01-01-1900 en vandaag.',
    },
  });

export const DEADLINE_STATUSES = ['NOT_SUBMITTED', 'ON_TIME', 'LATE'] as const;
export type DeadlineStatus = (typeof DEADLINE_STATUSES)[number];
const MEMBER_STATUSES: MemberStatus[] = ['ACTIVE', 'SUSPENDED', 'EXPELLED'];

// ───────────────────────────── responses ─────────────────────────────

export class SanctionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) memberId: string;
  @ApiProperty({ enum: ['SUSPENSION', 'EXPULSION'] }) kind: 'SUSPENSION' | 'EXPULSION';
  @ApiProperty({ format: 'date' }) startsOn: string;
  @ApiProperty({ format: 'date', nullable: true, type: String }) endsOn: string | null;
  @ApiProperty() reason: string;
  @ApiProperty({ description: 'Bijvoorbeeld "Geschorst van 01-10-2026 tot en met 31-10-2026"' }) description: string;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
}

export class MemberListEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) memberId: string;
  @ApiProperty() memberNumber: string;
  @ApiProperty() familyName: string;
  @ApiProperty({ nullable: true, type: String }) namePrefix: string | null;
  @ApiProperty() givenNames: string;
  @ApiProperty({ format: 'date', nullable: true, type: String }) birthDate: string | null;
  @ApiProperty({ format: 'date', description: 'Regel 3B telt vanaf deze datum' }) registeredOn: string;
  @ApiProperty({ nullable: true, type: String, description: 'Waarom de bond een eerdere inschrijfdatum vastlegde' }) registeredOnReason: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'Afgevoerd van de lijst' }) removedAt: string | null;
  @ApiProperty({ enum: MEMBER_STATUSES, description: 'Status vandaag (Regel 4)' }) status: MemberStatus;
  @ApiProperty({ type: [SanctionDto] }) sanctions: SanctionDto[];
  @ApiProperty({ description: 'Wedstrijden die het lid dit seizoen voor deze vereniging speelde' }) matchesPlayed: number;
}

/**
 * A member who left this list for another club's this season (a transfer): the list keeps
 * their place in its history, as the match forms name them. The member is now the other
 * club's: no given names, birth date or member number.
 */
export class TransferredAwayDto {
  @ApiProperty({
    description: "Zoals op het wedstrijdformulier: achternaam met tussenvoegsel, of 'speler van <vereniging>' als de nieuwe vereniging het lid 'niet publiceren' gaf (de bond ziet de achternaam)",
  })
  name: string;
  @ApiProperty({ description: 'De vereniging op wier moederlijst het lid nu staat' }) toClubName: string;
  @ApiProperty({ format: 'date', description: 'Vanaf deze dag niet meer op deze lijst' }) leftOn: string;
  @ApiProperty({ description: 'Wedstrijden die het lid dit seizoen voor deze vereniging speelde; ze blijven staan' }) matchesPlayed: number;
}

export class MemberListDto {
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null: nog geen lijst' }) id: string | null;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty() seasonName: string;
  @ApiProperty({ description: 'Het seizoen is gearchiveerd: de lijst is nog in te zien, niet meer te wijzigen (409 SEASON_ARCHIVED)' }) seasonArchived: boolean;
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
  @ApiProperty({ format: 'date', description: 'Regel 1: uiterlijk op deze dag indienen' }) deadline: string;
  @ApiProperty({ enum: DEADLINE_STATUSES }) deadlineStatus: DeadlineStatus;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) firstSubmittedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastChangedAt: string | null;
  @ApiProperty({ description: 'Leden op de lijst (afgevoerde niet meegeteld)' }) memberCount: number;
  @ApiProperty({ type: [MemberListEntryDto], description: 'Eerst de leden op de lijst, dan de afgevoerde' }) entries: MemberListEntryDto[];
  @ApiProperty({ type: [TransferredAwayDto], description: 'Dit seizoen overgeschreven naar een andere vereniging (Regel 2), laatst vertrokken eerst' })
  transferredAway: TransferredAwayDto[];
}

export class MemberListSummaryDto {
  @ApiProperty({ format: 'uuid' }) clubId: string;
  @ApiProperty() clubName: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) listId: string | null;
  @ApiProperty({ enum: DEADLINE_STATUSES }) deadlineStatus: DeadlineStatus;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) firstSubmittedAt: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) lastChangedAt: string | null;
  @ApiProperty() memberCount: number;
}

export class MemberListOverviewDto {
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty() seasonName: string;
  @ApiProperty({ format: 'date' }) deadline: string;
  @ApiProperty({ type: [MemberListSummaryDto] }) lists: MemberListSummaryDto[];
}

// ───────────────────────────── requests ─────────────────────────────

class MemberNamesDto {
  @ApiProperty({ example: 'Doëlla' }) @trimmed() @IsString() @MinLength(1) @MaxLength(NAME_MAX_LENGTHS.familyName) @IsPlainText() familyName: string;
  @ApiPropertyOptional({ example: 'van', nullable: true, type: String })
  @emptyToNull()
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTHS.namePrefix)
  @IsPlainText()
  namePrefix?: string | null;
  @ApiProperty({ example: 'Chérie' }) @trimmed() @IsString() @MinLength(1) @MaxLength(NAME_MAX_LENGTHS.givenNames) @IsPlainText() givenNames: string;
  @ApiPropertyOptional({ format: 'date', nullable: true, type: String, description: 'Tussen 1900-01-01 en vandaag' })
  @emptyToNull()
  @IsOptional()
  @IsIsoDateString()
  @IsBirthDate()
  birthDate?: string | null;
}

/** Only administrators may record an earlier registration date, always with a reason. */
class RegistrationDateDto extends MemberNamesDto {
  @ApiPropertyOptional({ format: 'date', nullable: true, type: String, description: 'Alleen bondsbeheerder: eerdere inschrijfdatum (met reden)' })
  @emptyToNull()
  @IsOptional()
  @IsIsoDateString()
  registeredOn?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, description: 'Verplicht bij een eerdere inschrijfdatum' })
  @emptyToNull()
  @IsOptional()
  @IsReason()
  registeredOnReason?: string | null;
}

export class AddEntryDto extends RegistrationDateDto {
  @ApiProperty({ example: 'TS-10021', description: MEMBER_NUMBER_HINT }) @trimmed() @IsString() @MinLength(1) @MaxLength(MEMBER_NUMBER_MAX_LENGTH) memberNumber: string;
}

/** A field sent as null is refused (400) unless it may be emptied (name prefix, birth date, registration date and reason). */
export class UpdateEntryDto extends PartialType(RegistrationDateDto, { skipNullProperties: false }) {}

export class ConfirmUploadDto {
  @ApiProperty({ description: 'De previewId uit het voorbeeld: bevestigt dat precies dat voorbeeld wordt toegepast' })
  @IsString()
  @MinLength(10)
  @MaxLength(100)
  previewId: string;

  @ApiPropertyOptional({ format: 'date', nullable: true, type: String, description: 'Alleen bondsbeheerder: eerdere inschrijfdatum voor de nieuwe leden' })
  @emptyToNull()
  @IsOptional()
  @IsIsoDateString()
  registeredOn?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String }) @emptyToNull() @IsOptional() @IsReason() registeredOnReason?: string | null;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    description: 'Het aantal leden dat dit bestand afvoert, als tweede bevestiging: verplicht als het voorbeeld removalNeedsConfirmation geeft (anders 422 REMOVAL_NOT_CONFIRMED)',
  })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value))
  @emptyToNull()
  @IsOptional()
  @IsInt()
  @Min(0)
  confirmRemoved?: number | null;
}

export class DownloadQueryDto {
  @ApiProperty({ enum: ['csv', 'xlsx'] }) @IsIn(['csv', 'xlsx']) format: 'csv' | 'xlsx';
}

export class CreateSanctionDto {
  @ApiProperty({ enum: ['SUSPENSION', 'EXPULSION'] }) @IsIn(['SUSPENSION', 'EXPULSION']) kind: 'SUSPENSION' | 'EXPULSION';
  @ApiProperty({ format: 'date' }) @IsIsoDateString() startsOn: string;
  @ApiPropertyOptional({ format: 'date', nullable: true, type: String, description: 'Laatste dag van een schorsing; leeg bij royement' })
  @emptyToNull()
  @IsOptional()
  @IsIsoDateString()
  endsOn?: string | null;
  @ApiProperty() @IsReason() reason: string;
}

export class CreateTransferDto {
  @ApiProperty({ example: 'TS-10021', description: MEMBER_NUMBER_HINT }) @trimmed() @IsString() @MinLength(1) @MaxLength(MEMBER_NUMBER_MAX_LENGTH) memberNumber: string;
  @ApiProperty({ format: 'uuid', description: 'De ontvangende vereniging' }) @IsUUID() toClubId: string;
  @ApiPropertyOptional({ description: 'Binnen de overschrijvingsstop: leg het verzoek voor aan het bestuur in plaats van het te weigeren' })
  @IsOptionalNotNull()
  @IsBoolean()
  askBoard?: boolean;
  @ApiPropertyOptional({ nullable: true, type: String, description: 'Alleen bondsbeheerder, binnen de overschrijvingsstop: bestuursbesluit met schriftelijke reden' })
  @emptyToNull()
  @IsOptional()
  @IsReason()
  boardReason?: string | null;
}

export class TransferQueryDto {
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptionalNotNull() @IsUUID() clubId?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptionalNotNull() @IsUUID() memberId?: string;
}

export class TransferDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null voor een secretaris zolang het lid niet op de eigen moederlijst staat of stond (zoals de naam): een lidnummer wijst zo geen persoon aan' })
  memberId: string | null;
  @ApiProperty() memberNumber: string;
  @ApiProperty({ nullable: true, type: String, description: 'null voor een secretaris zolang het lid niet op de eigen moederlijst staat of stond' }) memberName: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String, description: 'null: onbekend, of (secretaris) niet te zien zolang het lid niet op de eigen moederlijst staat of stond' })
  fromClubId: string | null;
  @ApiProperty({ nullable: true, type: String }) fromClubName: string | null;
  @ApiProperty({ format: 'uuid' }) toClubId: string;
  @ApiProperty() toClubName: string;
  @ApiProperty({ format: 'date' }) requestedOn: string;
  @ApiProperty({
    enum: ['REQUESTED', 'APPROVED', 'REFUSED', 'COMPLETED'],
    description: 'REQUESTED: wacht op het bestuur; APPROVED: toegekend, wacht op het volgende seizoen; COMPLETED: verwerkt op de moederlijst',
  })
  status: 'REQUESTED' | 'APPROVED' | 'REFUSED' | 'COMPLETED';
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) effectiveSeasonId: string | null;
  @ApiProperty({ nullable: true, type: String }) effectiveSeasonName: string | null;
  @ApiProperty() boardDecision: boolean;
  @ApiProperty({ nullable: true, type: String }) boardReason: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) decidedAt: string | null;
}

export class EligibilityQueryDto {
  @ApiProperty({ format: 'date', example: '2026-11-14' }) @IsIsoDateString() date: string;
}

export class IneligibilityReasonDto {
  @ApiProperty({ enum: ['NOT_ON_LIST', 'ON_OTHER_CLUB_LIST', 'REGISTERED_TOO_LATE', 'SUSPENDED', 'EXPELLED'] }) code: string;
  @ApiProperty() message: string;
}

export class EligiblePlayerDto {
  @ApiProperty({ format: 'uuid' }) memberId: string;
  @ApiProperty() memberNumber: string;
  @ApiProperty() familyName: string;
  @ApiProperty({ nullable: true, type: String }) namePrefix: string | null;
  @ApiProperty() givenNames: string;
  @ApiProperty() eligible: boolean;
  @ApiProperty({ type: [IneligibilityReasonDto] }) reasons: IneligibilityReasonDto[];
  @ApiProperty({
    format: 'date',
    nullable: true,
    type: String,
    description: 'Niet speelgerechtigd op de datum: de eerste datum waarop wel (te laat ingeschreven, Regel 3B; geschorst tot een einddatum, Regel 4); null als speelgerechtigd of als wachten niet helpt',
  })
  eligibleFrom: string | null;
}

export class EligiblePlayersDto {
  @ApiProperty({ format: 'uuid' }) teamId: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ format: 'date', description: 'Regel 3B: wie uiterlijk op deze dag is ingeschreven, mag op deze datum spelen' }) deadline: string;
  @ApiProperty({ type: [EligiblePlayerDto], description: 'Alle leden op de moederlijst van de vereniging van het team op die datum' }) players: EligiblePlayerDto[];
}

// ───────────────────────────── mappers ─────────────────────────────

interface SanctionRow {
  id: string;
  memberId: string;
  kind: 'SUSPENSION' | 'EXPULSION';
  startsOn: Date;
  endsOn: Date | null;
  reason: string;
  createdAt: Date;
}

export function toDomainSanction(row: Pick<SanctionRow, 'kind' | 'startsOn' | 'endsOn'>): Sanction {
  return { kind: row.kind, startsOn: isoDate(row.startsOn), endsOn: isoDate(row.endsOn) };
}

export function mapSanction(row: SanctionRow): SanctionDto {
  const sanction = toDomainSanction(row);
  return {
    id: row.id,
    memberId: row.memberId,
    kind: row.kind,
    startsOn: sanction.startsOn,
    endsOn: sanction.endsOn,
    reason: row.reason,
    description: describeSanction(sanction),
    createdAt: row.createdAt.toISOString(),
  };
}

export interface MemberRow {
  id: string;
  memberNumber: string;
  familyName: string;
  namePrefix: string | null;
  givenNames: string;
  birthDate: Date | null;
}

export interface EntryRow {
  id: string;
  memberId: string;
  registeredOn: Date;
  registeredOnReason: string | null;
  removedAt: Date | null;
  member: MemberRow & { sanctions: SanctionRow[] };
}

export const collator = new Intl.Collator('nl', { sensitivity: 'base' });

/** By family name, then given names, as Dutch readers sort them. */
export function byMemberName(a: { familyName: string; givenNames: string }, b: { familyName: string; givenNames: string }): number {
  return collator.compare(a.familyName, b.familyName) || collator.compare(a.givenNames, b.givenNames);
}

export function mapEntry(row: EntryRow, today: string, matchesPlayed = 0): MemberListEntryDto {
  const { member } = row;
  return {
    id: row.id,
    memberId: row.memberId,
    memberNumber: member.memberNumber,
    familyName: member.familyName,
    namePrefix: member.namePrefix,
    givenNames: member.givenNames,
    birthDate: isoDate(member.birthDate),
    registeredOn: isoDate(row.registeredOn),
    registeredOnReason: row.registeredOnReason,
    removedAt: row.removedAt?.toISOString() ?? null,
    status: memberStatus(member.sanctions.map(toDomainSanction), today),
    sanctions: member.sanctions.map(mapSanction),
    matchesPlayed,
  };
}

export const entryInclude = { member: { include: { sanctions: { orderBy: { startsOn: 'asc' } } } } } as const;

/** "Chérie Doëlla", "Jozef van 't Hek". */
export function fullName(member: Pick<MemberRow, 'givenNames' | 'namePrefix' | 'familyName'>): string {
  return [member.givenNames, member.namePrefix, member.familyName].filter(Boolean).join(' ');
}

interface TransferRow {
  id: string;
  memberId: string;
  fromClubId: string | null;
  toClubId: string;
  requestedOn: Date;
  status: TransferDto['status'];
  effectiveSeasonId: string | null;
  boardDecision: boolean;
  boardReason: string | null;
  decidedAt: Date | null;
  member: Pick<MemberRow, 'memberNumber' | 'givenNames' | 'namePrefix' | 'familyName'>;
  fromClub: { name: string } | null;
  toClub: { name: string };
  effectiveSeason: { name: string } | null;
}

export const transferInclude = {
  member: { select: { memberNumber: true, givenNames: true, namePrefix: true, familyName: true } },
  fromClub: { select: { name: true } },
  toClub: { select: { name: true } },
  effectiveSeason: { select: { name: true } },
} as const;

/** `known`: the reader may see who the member is and which club they come from. */
export function mapTransfer(row: TransferRow, known: boolean): TransferDto {
  return {
    id: row.id,
    // Hidden with the name: with the id, a line-up would show the person a number stands for.
    memberId: known ? row.memberId : null,
    memberNumber: row.member.memberNumber,
    memberName: known ? fullName(row.member) : null,
    fromClubId: known ? row.fromClubId : null,
    fromClubName: known ? (row.fromClub?.name ?? null) : null,
    toClubId: row.toClubId,
    toClubName: row.toClub.name,
    requestedOn: isoDate(row.requestedOn),
    status: row.status,
    effectiveSeasonId: row.effectiveSeasonId,
    effectiveSeasonName: row.effectiveSeason?.name ?? null,
    boardDecision: row.boardDecision,
    boardReason: row.boardReason,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
