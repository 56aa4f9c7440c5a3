import { Controller, Get, Param, ParseUUIDPipe, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { EligibilityService } from './eligibility.service';
import { EligibilityQueryDto, EligiblePlayersDto } from './member-list.dto';

@ApiTags('member-lists')
@Controller('teams')
export class EligibilityController {
  constructor(private readonly eligibility: EligibilityService) {}

  /** Member lists are personal data: administrators and the club's own secretary only. */
  @Roles('ADMIN', 'SECRETARY')
  @Get(':teamId/eligible-players')
  @ApiOperation({ summary: 'Speelgerechtigdheid van alle leden van de moederlijst voor een team op een datum (Regel 3B, 4)' })
  @ApiOkResponse({ type: EligiblePlayersDto })
  eligiblePlayers(@Param('teamId', ParseUUIDPipe) teamId: string, @Query() query: EligibilityQueryDto, @CurrentUser() user: AuthUser): Promise<EligiblePlayersDto> {
    return this.eligibility.eligiblePlayers(teamId, query.date, user);
  }
}
