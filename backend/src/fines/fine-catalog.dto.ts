import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { IsInt, IsString, IsUUID, Matches, Max, Min } from 'class-validator';
import { IsRequiredText } from '../common/reason.dto';
import { IsOptionalNotNull } from '../common/validators';

export class CreateCatalogItemDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() seasonId: string;
  @ApiProperty({ example: 'MATTEN', description: 'Korte code, uniek per seizoen (hoofdletters, cijfers, - en _)' })
  @IsString()
  @Matches(/^[A-Z0-9_-]{2,20}$/, { message: 'Een code van 2 tot 20 hoofdletters, cijfers, - of _, bijvoorbeeld MATTEN.' })
  code: string;
  @ApiProperty({ example: 'Geen speelmatten' }) @IsRequiredText('de omschrijving', { min: 3, max: 200 }) description: string;
  @ApiPropertyOptional({ description: 'In centen; standaard de Regel 10-boete uit de seizoensinstellingen (€ 15)' })
  @IsOptionalNotNull()
  @IsInt()
  @Min(1)
  @Max(10_000_000)
  amountCents?: number;
}

/** A field sent as null is refused (400), not passed on: only an omitted field keeps its value. */
export class UpdateCatalogItemDto extends PartialType(OmitType(CreateCatalogItemDto, ['seasonId'] as const), { skipNullProperties: false }) {}

export class CatalogItemDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) seasonId: string;
  @ApiProperty() code: string;
  @ApiProperty() description: string;
  @ApiProperty({ example: '10' }) rule: string;
  @ApiProperty() amountCents: number;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) archivedAt: string | null;
}

interface CatalogItemRow {
  id: string;
  seasonId: string;
  code: string;
  description: string;
  rule: string;
  amountCents: number;
  archivedAt: Date | null;
}

export function mapCatalogItem(item: CatalogItemRow): CatalogItemDto {
  return {
    id: item.id,
    seasonId: item.seasonId,
    code: item.code,
    description: item.description,
    rule: item.rule,
    amountCents: item.amountCents,
    archivedAt: item.archivedAt?.toISOString() ?? null,
  };
}
