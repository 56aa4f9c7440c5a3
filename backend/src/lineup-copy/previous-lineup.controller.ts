import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { PreviousLineupDto } from './previous-lineup.dto';
import { PreviousLineupService } from './previous-lineup.service';

@ApiTags('match day')
@Controller('matches/:id/lineups/:teamId')
export class PreviousLineupController {
  constructor(private readonly previous: PreviousLineupService) {}

  @Roles('ADMIN', 'SECRETARY')
  @Get('previous')
  @ApiOperation({
    summary: 'Spelerslijst van de vorige wedstrijd van dit team in dit seizoen, als voorstel (eigen secretaris, bondsbeheerder)',
    description:
      'Slaat niets op. Spelers die op deze wedstrijddatum niet speelgerechtigd zijn (Regel 3B, 4) of al op een andere spelerslijst van die dag staan, worden weggelaten en staan met de reden in leftOut.',
  })
  @ApiOkResponse({ type: PreviousLineupDto })
  @ApiNotFoundResponse({ description: 'NO_PREVIOUS_LINEUP: het team heeft dit seizoen nog geen eerdere wedstrijd met een spelerslijst' })
  draft(@Param('id', ParseUUIDPipe) id: string, @Param('teamId', ParseUUIDPipe) teamId: string, @CurrentUser() user: AuthUser): Promise<PreviousLineupDto> {
    return this.previous.draft(id, teamId, user);
  }
}
