/** "Opstelling van vorige wedstrijd overnemen": the previous match's line-up as a draft, never stored by this call. */
import { ApiProperty } from '@nestjs/swagger';

export class PreviousMatchDto {
  @ApiProperty({ format: 'uuid' }) matchId: string;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty() homeTeam: string;
  @ApiProperty() awayTeam: string;
}

export class CopiedPairDto {
  @ApiProperty() pairNumber: number;
  @ApiProperty({ type: 'array', items: { type: 'string', format: 'uuid', nullable: true }, minItems: 2, maxItems: 2, description: 'De twee plaatsen zoals in de vorige spelerslijst; null waar een speler is weggelaten' })
  memberIds: (string | null)[];
}

export class LeftOutPlayerDto {
  @ApiProperty({ format: 'uuid' }) memberId: string;
  @ApiProperty({ description: 'Volledige naam' }) name: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Koppel in de vorige spelerslijst; null: reserve' }) pairNumber: number | null;
  @ApiProperty({ description: 'Waarom deze speler niet is overgenomen (Regel 3B, 4; één wedstrijd per dag)' }) reason: string;
}

export class PreviousLineupDto {
  @ApiProperty({ type: PreviousMatchDto, description: 'De wedstrijd waarvan de spelerslijst komt' }) fromMatch: PreviousMatchDto;
  @ApiProperty({ type: [CopiedPairDto] }) pairs: CopiedPairDto[];
  @ApiProperty({ type: [String], description: 'Reserves (lid-id)' }) reserves: string[];
  @ApiProperty({ type: [LeftOutPlayerDto], description: 'Spelers van de vorige spelerslijst die op deze wedstrijddatum niet kunnen spelen' }) leftOut: LeftOutPlayerDto[];
}
