import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { ConsoleMatchDto, MatchNightsQueryDto } from './match-night.dto';
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
}
