import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { IsOptionalNotNull } from '../common/validators';

export class TakeOverInputDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Het seizoen waarvan de poules en teams komen; zonder dit veld het seizoen dat het laatst vóór dit seizoen begon' })
  @IsOptionalNotNull()
  @IsUUID('all', { message: 'Kies een bestaand seizoen.' })
  fromSeasonId?: string;
}

export class TakeOverSeasonDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

export class TakeOverResultDto {
  @ApiProperty({ type: TakeOverSeasonDto, description: 'Het seizoen waarvan is overgenomen' }) from: TakeOverSeasonDto;
  @ApiProperty({ description: 'Aantal overgenomen poules' }) divisions: number;
  @ApiProperty({ description: 'Aantal overgenomen teams' }) teams: number;
  @ApiProperty({ type: [String], description: 'Teams die niet zijn overgenomen, met de reden' }) skipped: string[];
}
