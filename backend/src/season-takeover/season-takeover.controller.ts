import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { TakeOverInputDto, TakeOverResultDto } from './season-takeover.dto';
import { SeasonTakeOverService } from './season-takeover.service';

@ApiTags('seasons')
@Controller('seasons/:id')
export class SeasonTakeOverController {
  constructor(private readonly takeOver: SeasonTakeOverService) {}

  @Roles('ADMIN')
  @Post('take-over')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Poules en teams van het vorige seizoen overnemen in een seizoen in voorbereiding (bondsbeheerder)',
    description: 'Neemt de poules (naam, niveau) en hun teams over, zonder gearchiveerde poules, teams en verenigingen. Geen programma, spelers of uitslagen.',
  })
  @ApiOkResponse({ type: TakeOverResultDto })
  @ApiConflictResponse({ description: 'DIVISIONS_EXIST: het seizoen heeft al poules; SEASON_CLOSED: het seizoen is afgesloten' })
  @ApiNotFoundResponse({ description: 'NO_PREVIOUS_SEASON: er is geen eerder seizoen' })
  run(@Param('id', ParseUUIDPipe) id: string, @Body() body: TakeOverInputDto, @CurrentUser() user: AuthUser): Promise<TakeOverResultDto> {
    return this.takeOver.takeOver(id, body, user);
  }
}
