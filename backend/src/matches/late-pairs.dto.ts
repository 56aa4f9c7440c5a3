/**
 * A late pair's arrival (Regel 5B, 5C), recorded by the supervisor at the table: the pair
 * of the line-up plays from set `fromSet` on; the sets before it count as Regel 12A.
 */
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsUUID, Max, Min } from 'class-validator';
import { IsIdempotencyKey } from '../common/idempotency.dto';
import { IsReason } from '../common/reason.dto';
import { IsOptionalNotNull } from '../common/validators';

export class LatePairInputDto {
  @ApiProperty({ format: 'uuid', description: 'Het team van het koppel' }) @IsUUID() teamId: string;
  @ApiProperty({ minimum: 1, description: 'Koppelnummer op de spelerslijst' }) @IsInt() @Min(1) @Max(12) pairNumber: number;

  @ApiProperty({
    minimum: 1,
    description:
      'Eerste set die het koppel speelt (Regel 5B: laatkomers vanaf set 3; 5C: het zesde koppel van een team dat met vijf begon vanaf set 2). ' +
      '1 = het koppel was er vanaf het begin (een vergissing herstellen).',
  })
  @IsInt()
  @Min(1)
  @Max(12)
  fromSet: number;

  @ApiPropertyOptional({
    description: 'Waarom (komt in het logboek). Verplicht voor de wedstrijdleider, en voor de bondsbeheerder zodra de set begonnen is (de bevoegdhedentabel); de bond mag een laat koppel vóór de set zonder reden vastleggen.',
  })
  @IsOptionalNotNull()
  @IsReason()
  reason?: string;

  @IsIdempotencyKey()
  idempotencyKey?: string;
}
