import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

export class ReasonDto {
  @ApiProperty({ description: 'Waarom (wordt in het logboek bewaard)' })
  @IsString()
  @MinLength(3)
  @MaxLength(2000)
  reason: string;
}
