import { wholeNumberParam } from '../common/validation';
import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { clientAddress } from '../auth/auth.service';
import { Public } from '../auth/decorators';
import { TableEntryInputDto, TableRefuseInputDto, TableSignInputDto, TableViewDto } from './match-night.dto';
import { TableService } from './table.service';

const CODE_PARAM = { name: 'code', description: 'De tafelcode (10 tekens; hoofdletters, kleine letters en streepjes tellen niet)', example: 'K7MX2-QPT9H' };
const INVALID = { description: 'TABLE_CODE_INVALID: onbekende, ingetrokken of verlopen code (een onbekende code telt mee voor een wachttijd van dit adres)' };
const SET_PARAM = { name: 'setNumber', description: 'De set (1 … 6)', example: 1 };
const CONFLICT = { description: 'RESULT_LOCKED (uitslag vastgezet), SET_ALREADY_SIGNED (getekend is onherroepelijk), SET_DISPUTED (de wedstrijdleider beslist), SET_NOT_ENTERED, MATCH_NOT_PLAYED' };
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

  @Public()
  @Put('sets/:setNumber')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Een set aan tafel invoeren: de vier partijen (voorkeur) of de setstand; vervangt een invoer die nog niet getekend is (zonder inloggen)',
    description:
      'Onmogelijke standen: 400 INVALID_SCORE met set en tafel. Door de regels bepaalde sets: 422 SEAT_CREDITED. Het andere koppel tekent daarna (POST …/sign), of tekende al op het toestel (signedBy: offline ingevoerd en ondertekend, later verstuurd). Komt een ondertekende set later binnen dan dezelfde set met een andere stand op een ander toestel, dan wordt hij betwist (de wedstrijdleider beslist), nooit stil overschreven; met dezelfde stand is het dezelfde set. Na het vaststellen: 409 RESULT_LOCKED.',
  })
  @ApiParam(CODE_PARAM)
  @ApiParam(SET_PARAM)
  @ApiOkResponse({ type: TableViewDto })
  @ApiBadRequestResponse({ description: 'INVALID_SCORE, SEAT_NOT_IN_PLAN, of een veld dat niet klopt' })
  @ApiConflictResponse(CONFLICT)
  @ApiUnprocessableEntityResponse({ description: 'SEAT_CREDITED' })
  @ApiNotFoundResponse(INVALID)
  @ApiTooManyRequestsResponse(LIMITED)
  enter(@Param('code') code: string, @Param('setNumber', wholeNumberParam('setNumber')) setNumber: number, @Body() body: TableEntryInputDto, @Req() req: FastifyRequest): Promise<TableViewDto> {
    return this.table.enter(code, setNumber, body, clientAddress(req.ip));
  }

  @Public()
  @Post('sets/:setNumber/sign')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Het andere koppel tekent de set na controle, op hetzelfde toestel: onherroepelijk (Regel 15; zonder inloggen)',
    description: 'Alleen het koppel dat niet invoerde (422 SIGN_OWN_ENTRY). Daarna wijzigt alleen de wedstrijdleider de stand nog, met reden, als hij onmogelijk is.',
  })
  @ApiParam(CODE_PARAM)
  @ApiParam(SET_PARAM)
  @ApiOkResponse({ type: TableViewDto })
  @ApiConflictResponse(CONFLICT)
  @ApiUnprocessableEntityResponse({ description: 'SIGN_OWN_ENTRY' })
  @ApiNotFoundResponse(INVALID)
  @ApiTooManyRequestsResponse(LIMITED)
  sign(@Param('code') code: string, @Param('setNumber', wholeNumberParam('setNumber')) setNumber: number, @Body() body: TableSignInputDto, @Req() req: FastifyRequest): Promise<TableViewDto> {
    return this.table.sign(code, setNumber, body, clientAddress(req.ip));
  }

  @Public()
  @Post('sets/:setNumber/refuse')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Het andere koppel weigert te tekenen, met een opmerking: de set wordt een geschil voor de wedstrijdleider (Regel 35B; zonder inloggen)',
    description: 'De wedstrijdleider ziet het in de console en beslist (POST /api/matches/{id}/sets/{set}/tables/{table}/decision); de tafel ziet de beslissing met de reden.',
  })
  @ApiParam(CODE_PARAM)
  @ApiParam(SET_PARAM)
  @ApiOkResponse({ type: TableViewDto })
  @ApiConflictResponse(CONFLICT)
  @ApiUnprocessableEntityResponse({ description: 'SIGN_OWN_ENTRY: het koppel dat invoerde weigert niet' })
  @ApiNotFoundResponse(INVALID)
  @ApiTooManyRequestsResponse(LIMITED)
  refuse(@Param('code') code: string, @Param('setNumber', wholeNumberParam('setNumber')) setNumber: number, @Body() body: TableRefuseInputDto, @Req() req: FastifyRequest): Promise<TableViewDto> {
    return this.table.refuse(code, setNumber, body, clientAddress(req.ip));
  }
}
