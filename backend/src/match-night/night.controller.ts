import { wholeNumberParam } from '../common/validation';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Req, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { download } from '../common/download';
import { MatchNightDto, RevokeTableCodeInputDto } from './match-night.dto';
import { NightService } from './night.service';
import { publicOrigin } from './public-origin';

const WHO = 'Secretaris van de thuisploeg, wedstrijdleider, bondsbeheerder; de uitploeg krijgt 403 NOT_HOME_TEAM.';

@ApiTags('match night')
@Controller('matches/:id')
export class NightController {
  constructor(private readonly night: NightService) {}

  @Roles('ADMIN', 'SUPERVISOR', 'SECRETARY')
  @Post('night')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Speelavond openen: elke tafel krijgt een code (QR-code en korte code), geldig tot 06:00 de volgende ochtend',
    description:
      `${WHO} Kan vanaf de wedstrijddag (409 NIGHT_NOT_YET) tot het einde van de avond (409 NIGHT_OVER), niet na vaststelling (409 RESULT_LOCKED). ` +
      'Nogmaals openen geeft de geldige codes terug (idempotent).',
  })
  @ApiOkResponse({ type: MatchNightDto })
  @ApiConflictResponse({ description: 'NIGHT_NOT_YET, NIGHT_OVER, RESULT_LOCKED of MATCH_NOT_PLAYED' })
  open(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser, @Req() req: FastifyRequest): Promise<MatchNightDto> {
    return this.night.open(id, user, publicOrigin(req));
  }

  @Roles('ADMIN', 'SUPERVISOR', 'SECRETARY')
  @Get('night')
  @ApiOperation({ summary: 'De speelavond en de geldige tafelcodes', description: WHO })
  @ApiOkResponse({ type: MatchNightDto })
  @ApiForbiddenResponse({ description: 'NOT_HOME_TEAM, OTHER_CLUB, WRONG_ROLE' })
  get(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser, @Req() req: FastifyRequest): Promise<MatchNightDto> {
    return this.night.get(id, user, publicOrigin(req));
  }

  @Roles('ADMIN', 'SUPERVISOR', 'SECRETARY')
  @Post('night/tables/:tableNumber/revoke')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Tafelcode intrekken: de tafel krijgt een nieuwe code, de oude werkt meteen niet meer (met reden, in het logboek)',
    description: `${WHO} Alleen terwijl de avond loopt (409 NIGHT_NOT_OPEN / NIGHT_OVER / RESULT_LOCKED).`,
  })
  @ApiOkResponse({ type: MatchNightDto })
  revoke(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('tableNumber', wholeNumberParam('tableNumber')) tableNumber: number,
    @Body() body: RevokeTableCodeInputDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<MatchNightDto> {
    return this.night.revoke(id, tableNumber, body.reason, user, publicOrigin(req));
  }

  @Roles('ADMIN', 'SUPERVISOR', 'SECRETARY')
  @Get('table-cards.pdf')
  @ApiOperation({
    summary: 'Tafelkaarten om te printen: per tafel de QR-code, de korte code en tot wanneer hij werkt (geen spelersnamen)',
    description: `${WHO} Alleen terwijl de avond loopt (409 NIGHT_NOT_OPEN / NIGHT_OVER / RESULT_LOCKED).`,
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  async cards(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser, @Req() req: FastifyRequest): Promise<StreamableFile> {
    return download(await this.night.cards(id, user, publicOrigin(req)), 'inline');
  }
}
