import { wholeNumberParam } from '../common/validation';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { MatchDetailDto } from '../matches/match.dto';
import { ConfirmNightInputDto, ConsoleMatchDto, DecisionInputDto, MatchNightsQueryDto } from './match-night.dto';
import { ConsoleService } from './console.service';

@ApiTags('match night: console')
@Controller()
export class ConsoleController {
  constructor(private readonly console: ConsoleService) {}

  @Roles('ADMIN', 'SUPERVISOR', 'SECRETARY')
  @Get('match-nights')
  @ApiOperation({
    summary: 'Console van de wedstrijdleider: alle wedstrijden van een speeldag (eventueel bij één vereniging), elke tafel met de toestand van elke set en de meldingen',
    description: 'Wedstrijdleider en bondsbeheerder zien alles; een secretaris alleen de wedstrijden van de eigen vereniging.',
  })
  @ApiOkResponse({ type: [ConsoleMatchDto] })
  day(@Query() query: MatchNightsQueryDto, @CurrentUser() user: AuthUser): Promise<ConsoleMatchDto[]> {
    return this.console.day(query, user);
  }

  @Roles('ADMIN', 'SUPERVISOR', 'SECRETARY')
  @Get('matches/:id/console')
  @ApiOperation({
    summary: 'Console van één wedstrijd: elke tafel met de toestand van elke set (WAITING, ENTERED, SIGNED, DISPUTED, CREDITED) en meldingen (geschil, onmogelijke stand)',
    description: 'Wedstrijdleider en bondsbeheerder; de secretarissen van beide teams (anders 403 OTHER_CLUB).',
  })
  @ApiOkResponse({ type: ConsoleMatchDto })
  match(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<ConsoleMatchDto> {
    return this.console.match(id, user);
  }

  @Roles('ADMIN', 'SUPERVISOR')
  @Post('matches/:id/sets/:setNumber/tables/:tableNumber/decision')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Beslissing van de wedstrijdleider over een set aan een tafel, met reden: een geschil beslechten (stand houden of wijzigen) of een onmogelijke getekende stand corrigeren',
    description:
      'Zonder games/totals blijft de ingevoerde stand staan; met games of totals wordt hij vervangen. De set telt daarna als getekend; de tafel ziet de beslissing en de reden. ' +
      'Na vaststelling is het een correctie (op de wedstrijdpagina te zien). Wedstrijdleider en bondsbeheerder; de reden komt in het logboek.',
  })
  @ApiOkResponse({ type: ConsoleMatchDto })
  @ApiConflictResponse({ description: 'MATCH_NOT_PLAYED' })
  @ApiUnprocessableEntityResponse({ description: 'SEAT_CREDITED: door de regels bepaald' })
  decide(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('setNumber', wholeNumberParam('setNumber')) setNumber: number,
    @Param('tableNumber', wholeNumberParam('tableNumber')) tableNumber: number,
    @Body() body: DecisionInputDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ConsoleMatchDto> {
    return this.console.decide(id, setNumber, tableNumber, body, user);
  }

  @Roles('SECRETARY')
  @Post('matches/:id/confirm-night')
  @HttpCode(200)
  @ApiOperation({
    summary: 'De avond bevestigen na het overzicht, één tik per vereniging (secretaris van de thuis- of de uitploeg, elk voor de eigen kant)',
    description:
      'Kan als elke set getekend, beslist of door de regels bepaald is en geen geschil openstaat (422 NIGHT_NOT_COMPLETE, met elk open punt). ' +
      'Als beide verenigingen bevestigden, staat de uitslag vast (CONFIRMED) en verandert de stand. 409 ALREADY_CONFIRMED bij een tweede keer; 403 SAME_CLUB als beide teams van één vereniging zijn.',
  })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse({ description: 'ALREADY_CONFIRMED, RESULT_LOCKED' })
  @ApiUnprocessableEntityResponse({ description: 'NIGHT_NOT_COMPLETE' })
  confirmNight(@Param('id', ParseUUIDPipe) id: string, @Body() body: ConfirmNightInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.console.confirmNight(id, body, user);
  }
}
