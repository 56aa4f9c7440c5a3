import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { MatchDetailDto } from './match.dto';
import { StaleVersionErrorDto } from './result.dto';
import { SupervisorActionDto, SupervisorActionInputDto, WithdrawActionInputDto } from './supervisor-actions.dto';
import { SupervisorActionsService } from './supervisor-actions.service';

@ApiTags('match day')
@Controller('matches/:id/supervisor-actions')
export class SupervisorActionsController {
  constructor(private readonly actions: SupervisorActionsService) {}

  @Roles('ADMIN', 'SUPERVISOR', 'SECRETARY')
  @Get()
  @ApiOperation({ summary: 'Beslissingen van de wedstrijdleider bij deze wedstrijd (Regel 22, 38), met wat eruit volgt (bond, wedstrijdleider, secretarissen van beide teams)' })
  @ApiOkResponse({ type: [SupervisorActionDto] })
  list(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<SupervisorActionDto[]> {
    return this.actions.list(id, user);
  }

  @Roles('ADMIN', 'SUPERVISOR')
  @Post()
  @ApiOperation({
    summary: 'Beslissing van de wedstrijdleider vastleggen, met reden (wedstrijdleider, bondsbeheerder)',
    description:
      'REMOVE_PLAYER (Regel 38): set, tafel, speler en de eerste partij die het koppel niet speelde; die en elke volgende partij van dat koppel tellen als 2–0 verloren, ' +
      'berekend, niet ingevoerd: de rest van die set en de volgende sets (8–0). Valt een reserve na loting in (Regel 38A), leg dat vast als wissel voor de verwijderde speler; ' +
      'vanaf die set speelt het koppel weer. VOID_WRONG_TABLE (Regel 22): set, tafel en partijen; ze vervallen, de ingevoerde set aan die tafel wordt gewist en ' +
      'na het spelen aan de juiste tafel opnieuw ingevoerd. Niet meer nadat de uitslag is bevestigd (409 RESULT_LOCKED; dan een correctie).',
  })
  @ApiCreatedResponse({ type: MatchDetailDto })
  @ApiConflictResponse({ type: StaleVersionErrorDto })
  record(@Param('id', ParseUUIDPipe) id: string, @Body() body: SupervisorActionInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.actions.record(id, body, user);
  }

  @Roles('ADMIN', 'SUPERVISOR')
  @Post(':actionId/withdraw')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Eigen beslissing intrekken (Regel 38 verwijdering, Regel 22 vervallen partijen), met reden, tot de uitslag definitief is (wedstrijdleider, bondsbeheerder)',
    description:
      'De door de regels bepaalde partijen keren terug naar wat de tafel had ingevoerd. Een wedstrijdleider trekt alleen de eigen beslissing in (422 NOT_OWN_ACTION); ' +
      'een aan de juiste tafel opnieuw ingevoerde set blijft (409 SEAT_ENTERED_AGAIN); na definitief alleen de bond, als correctie (409 RESULT_LOCKED).',
  })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse({ type: StaleVersionErrorDto })
  withdraw(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('actionId', ParseUUIDPipe) actionId: string,
    @Body() body: WithdrawActionInputDto,
    @CurrentUser() user: AuthUser,
  ): Promise<MatchDetailDto> {
    return this.actions.withdraw(id, actionId, body, user);
  }
}
