import { ApiProperty } from '@nestjs/swagger';

/** A member the supervisor may add as a reserve, found by member number: the family name only (Regel 15). */
export class ReserveCandidateDto {
  @ApiProperty({ format: 'uuid' }) memberId: string;
  @ApiProperty({ description: 'Achternaam met tussenvoegsel, zoals op het wedstrijdformulier' }) familyName: string;
  @ApiProperty({ description: 'Speelgerechtigd op de wedstrijddatum (Regel 3B, 4)' }) eligible: boolean;
}
