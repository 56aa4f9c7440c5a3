import { Controller, Get, Param, Req } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../auth/auth.service';
import { Public } from '../auth/decorators';
import { TableViewDto } from './match-night.dto';
import { TableService } from './table.service';

const CODE_PARAM = { name: 'code', description: 'De tafelcode (10 tekens; hoofdletters, kleine letters en streepjes tellen niet)', example: 'K7MX2-QPT9H' };
const INVALID = { description: 'TABLE_CODE_INVALID: onbekende, ingetrokken of verlopen code (telt mee voor een wachttijd)' };
const LIMITED = { description: 'TOO_MANY_REQUESTS: te veel verzoeken voor deze code of van dit adres, of te veel ongeldige codes; Retry-After zegt hoeveel seconden te wachten' };

/**
 * At the table, without a login: the code in the path opens one table of one match. Rate-limited
 * per code and per client address; an invalid code counts towards a wait.
 */
@ApiTags('match night: table')
@Controller('table/:code')
export class TableController {
  constructor(private readonly table: TableService) {}

  @Public()
  @Get()
  @ApiOperation({
    summary: 'Wat deze tafel ziet: per set wie er zit (achternamen, Regel 15 en 22), de ingevoerde partijen, handtekening, weigering en beslissing (zonder inloggen)',
    description:
      'Werkt tot het einde van de avond (06:00 de volgende ochtend); is de uitslag vastgezet, dan blijft de tafel tot dan leesbaar (locked: true, writable: false). Daarna 404 TABLE_CODE_INVALID.',
  })
  @ApiParam(CODE_PARAM)
  @ApiOkResponse({ type: TableViewDto })
  @ApiNotFoundResponse(INVALID)
  @ApiTooManyRequestsResponse(LIMITED)
  view(@Param('code') code: string, @Req() req: FastifyRequest): Promise<TableViewDto> {
    return this.table.view(code, clientAddress(req.ip));
  }
}
