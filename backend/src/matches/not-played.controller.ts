import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { MatchDetailDto } from './match.dto';
import { NotPlayedService } from './not-played.service';
import { NotPlayedInputDto, ReopenInputDto, StaleVersionErrorDto } from './result.dto';

@ApiTags('match day')
@Controller('matches/:id')
export class NotPlayedController {
  constructor(private readonly notPlayed: NotPlayedService) {}

  @Roles('ADMIN')
  @Post('not-played')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Niet-gespeelde wedstrijd vastleggen: zonder tafelscherm, reglementair verlies of afgelast (bondsbeheerder)',
    description: 'Regel 6: 0–0, puntenaftrek voor beide teams; Regel 7/9A: 8–0 in elke set voor de tegenstander; Regel 8: ieders gemiddelde. Telt direct als bevestigd.',
  })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse({ type: StaleVersionErrorDto })
  record(@Param('id', ParseUUIDPipe) id: string, @Body() body: NotPlayedInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.notPlayed.record(id, body, user);
  }

  @Roles('ADMIN')
  @Post('reopen')
  @HttpCode(200)
  @ApiOperation({ summary: 'Vastlegging als niet gespeeld terugdraaien: weer een wedstrijd zonder uitslag (bondsbeheerder)' })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse({ type: StaleVersionErrorDto })
  reopen(@Param('id', ParseUUIDPipe) id: string, @Body() body: ReopenInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.notPlayed.reopen(id, body, user);
  }
}
