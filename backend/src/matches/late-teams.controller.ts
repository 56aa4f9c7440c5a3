import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { LateTeamInputDto, MatchRegel11Dto, WithdrawLateTeamInputDto } from './late-teams.dto';
import { LateTeamsService } from './late-teams.service';

@ApiTags('fines')
@Controller('matches/:id/regel11')
export class LateTeamsController {
  constructor(private readonly lateTeams: LateTeamsService) {}

  @Roles('ADMIN', 'SUPERVISOR')
  @Get()
  @ApiOperation({ summary: 'Regel 11 bij deze wedstrijd: welke teams onvolledig of te laat waren, de hoeveelste keer voor hun vereniging (wedstrijdleider, bondsbeheerder)' })
  @ApiOkResponse({ type: MatchRegel11Dto })
  list(@Param('id', ParseUUIDPipe) id: string): Promise<MatchRegel11Dto> {
    return this.lateTeams.list(id);
  }

  @Roles('ADMIN', 'SUPERVISOR')
  @Post('late-teams')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Een heel team te laat aanwezig vastleggen (Regel 11), met reden (wedstrijdleider vanaf de wedstrijddag, bondsbeheerder)',
    description:
      'Telt als keer voor de vereniging (alle teams, dit seizoen, in wedstrijdvolgorde); de 3e, 6e, … keer geeft een boetevoorstel van € 45. De uitslag verandert niet. ' +
      '409 ALREADY_COUNTED: het team telt al bij deze wedstrijd; 409 MATCH_NOT_PLAYED: de wedstrijd is niet gespeeld.',
  })
  @ApiOkResponse({ type: MatchRegel11Dto })
  @ApiConflictResponse({ description: 'ALREADY_COUNTED, MATCH_NOT_PLAYED, ENTRY_NOT_OPEN' })
  record(@Param('id', ParseUUIDPipe) id: string, @Body() body: LateTeamInputDto, @CurrentUser() user: AuthUser): Promise<MatchRegel11Dto> {
    return this.lateTeams.record(id, body, user);
  }

  @Roles('ADMIN', 'SUPERVISOR')
  @Post('late-teams/:teamId/withdraw')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Een te laat team intrekken, met reden (wedstrijdleider, bondsbeheerder)',
    description: 'De andere keren van de vereniging worden hernummerd: een voorstel voor een plaats die niet meer bestaat wordt ingetrokken, een bevestigde boete blijft.',
  })
  @ApiOkResponse({ type: MatchRegel11Dto })
  withdraw(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('teamId', ParseUUIDPipe) teamId: string,
    @Body() body: WithdrawLateTeamInputDto,
    @CurrentUser() user: AuthUser,
  ): Promise<MatchRegel11Dto> {
    return this.lateTeams.withdraw(id, teamId, body, user);
  }
}
