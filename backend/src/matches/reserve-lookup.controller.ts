import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { ValidationError } from '../common/errors';
import { ReserveCandidateDto } from './reserve-lookup.dto';
import { ReserveLookupService } from './reserve-lookup.service';

@ApiTags('match day')
@Controller('matches/:id/lineups/:teamId')
export class ReserveLookupController {
  constructor(private readonly lookup: ReserveLookupService) {}

  @Roles('SUPERVISOR', 'ADMIN')
  @Get('reserve-candidate')
  @ApiOperation({
    summary: 'Een lid van de moederlijst van de vereniging van dit team, op lidnummer, om als reserve toe te voegen (wedstrijdleider, bondsbeheerder)',
    description: 'Alleen de achternaam en of het lid speelgerechtigd is (Regel 15); 404 MEMBER_NOT_ON_LIST als het lidnummer niet op de moederlijst van deze vereniging staat.',
  })
  @ApiQuery({ name: 'memberNumber', description: 'Het lidnummer dat de teamleider opgeeft' })
  @ApiOkResponse({ type: ReserveCandidateDto })
  @ApiNotFoundResponse({ description: 'MEMBER_NOT_ON_LIST, TEAM_NOT_IN_MATCH' })
  candidate(@Param('id', ParseUUIDPipe) id: string, @Param('teamId', ParseUUIDPipe) teamId: string, @Query('memberNumber') memberNumber?: string): Promise<ReserveCandidateDto> {
    if (!memberNumber?.trim() || memberNumber.length > 40) {
      const message = 'Geef het lidnummer.';
      throw new ValidationError(message, [{ field: 'memberNumber', code: 'REQUIRED', message }]);
    }
    return this.lookup.byMemberNumber(id, teamId, memberNumber);
  }
}
