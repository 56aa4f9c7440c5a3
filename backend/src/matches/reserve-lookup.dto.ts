import { ApiProperty } from '@nestjs/swagger';
import { IsRequiredText } from '../common/reason.dto';

/** A member the supervisor may add as a reserve, found by member number: the family name only (Regel 15). */
export class ReserveCandidateDto {
  @ApiProperty({ format: 'uuid' }) memberId: string;
  @ApiProperty({ description: 'Achternaam met tussenvoegsel, zoals op het wedstrijdformulier' }) familyName: string;
  @ApiProperty({ description: 'Speelgerechtigd op de wedstrijddatum (Regel 3B, 4)' }) eligible: boolean;
}

/** GET …/reserve-candidate?memberNumber=: the number the team leader gives (trimmed; a member number is at most 40 characters). */
export class ReserveCandidateQueryDto {
  @ApiProperty({ description: 'Het lidnummer dat de teamleider opgeeft', example: 'TS-10021' })
  @IsRequiredText('het lidnummer', { min: 1, max: 40 })
  memberNumber: string;
}
