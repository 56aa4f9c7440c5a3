import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** A reason kept in the audit log: text of 3 to 2000 characters (checks in the order the stacked decorators ran). */
export function IsReason(): PropertyDecorator {
  return applyDecorators(MaxLength(2000), MinLength(3), IsString());
}

export class ReasonDto {
  @ApiProperty({ description: 'Waarom (wordt in het logboek bewaard)' })
  @IsReason()
  reason: string;
}
