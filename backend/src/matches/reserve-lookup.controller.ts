import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { ReserveCandidateDto, ReserveCandidateQueryDto } from './reserve-lookup.dto';
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
  @ApiOkResponse({ type: ReserveCandidateDto })
  @ApiNotFoundResponse({ description: 'MEMBER_NOT_ON_LIST, TEAM_NOT_IN_MATCH' })
  candidate(@Param('id', ParseUUIDPipe) id: string, @Param('teamId', ParseUUIDPipe) teamId: string, @Query() query: ReserveCandidateQueryDto): Promise<ReserveCandidateDto> {
    return this.lookup.byMemberNumber(id, teamId, query.memberNumber);
  }
}
