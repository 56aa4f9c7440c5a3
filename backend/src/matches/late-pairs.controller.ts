import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnprocessableEntityResponse } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { LatePairInputDto } from './late-pairs.dto';
import { LatePairsService } from './late-pairs.service';
import { TeamLineupDto } from './lineup.dto';

@ApiTags('match day')
@Controller('matches/:id/late-pairs')
export class LatePairsController {
  constructor(private readonly latePairs: LatePairsService) {}

  @Roles('ADMIN', 'SUPERVISOR')
  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Laat koppel vastleggen: het koppel van de spelerslijst speelt vanaf set n (Regel 5B, 5C), met reden (wedstrijdleider, bondsbeheerder)',
    description:
      'Alleen de eerste set van een koppel dat al op de spelerslijst staat verandert; de spelerslijst wordt opnieuw getoetst (400 INVALID_LINEUP als laatkomers nog niet mogen), ' +
      'de sets ervoor tellen als 8–0 voor de tegenstander (Regel 12A). Vanaf de wedstrijddag (409 ENTRY_NOT_OPEN), niet na vaststelling (409 RESULT_LOCKED). ' +
      'Het antwoord is de spelerslijst zoals de lezer die mag zien: de wedstrijdleider alleen achternamen (Regel 15).',
  })
  @ApiOkResponse({ type: TeamLineupDto })
  @ApiConflictResponse({ description: 'ENTRY_NOT_OPEN, RESULT_LOCKED, MATCH_NOT_PLAYED' })
  @ApiUnprocessableEntityResponse({ description: 'LINEUP_MISSING: het team heeft nog geen spelerslijst' })
  record(@Param('id', ParseUUIDPipe) id: string, @Body() body: LatePairInputDto, @CurrentUser() user: AuthUser): Promise<TeamLineupDto> {
    return this.latePairs.record(id, body, user);
  }
}
