import { Controller, Get, Header, Param, ParseUUIDPipe, Query, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/decorators';
import { LiveMatchDto, LiveRoundDto, LiveRoundQueryDto } from './live.dto';
import { LiveService } from './live.service';
import { LiveStreams, matchTopic, roundTopic } from './live-streams';

const STREAM_DESCRIPTION =
  'text/event-stream. Bij het openen `event: ready`; daarna `event: change` met `{"matchIds": [...], "kinds": [...], "at": "..."}` ' +
  '(geen scores) telkens als een set ondertekend of beslist wordt of een wedstrijd bevestigd; snel na elkaar komende wijzigingen worden één bericht. ' +
  'Elke 15 s een commentaarregel (": ping"). Lees daarna de live-gegevens opnieuw.';

@ApiTags('live')
@Public()
@Controller('public')
export class LiveController {
  constructor(
    private readonly live: LiveService,
    private readonly streams: LiveStreams,
  ) {}

  @Get('matches/:id/live')
  @ApiOperation({ summary: 'Live: scores per set en tafel zoals ondertekend, lopende stand (openbaar, alleen achternamen)' })
  @ApiOkResponse({ type: LiveMatchDto })
  @Header('content-type', 'application/json; charset=utf-8')
  match(@Param('id', ParseUUIDPipe) id: string): Promise<string> {
    // Serialised once per change, however many spectators ask (LiveService.matchJson).
    return this.live.matchJson(id);
  }

  @Get('rounds/live')
  @ApiOperation({ summary: 'Live: alle wedstrijden van een ronde van een poule, de speelavond (openbaar)' })
  @ApiOkResponse({ type: LiveRoundDto })
  @Header('content-type', 'application/json; charset=utf-8')
  round(@Query() query: LiveRoundQueryDto): Promise<string> {
    return this.live.roundJson(query.divisionId, query.round);
  }

  @Get('matches/:id/events')
  @ApiOperation({ summary: 'Live: gebeurtenissen van één wedstrijd als Server-Sent Events (openbaar)' })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: STREAM_DESCRIPTION })
  @ApiTooManyRequestsResponse({ description: 'Te veel open live-verbindingen (LIVE_STREAMS_FULL)' })
  async matchEvents(@Param('id', ParseUUIDPipe) id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.live.assertMatch(id);
    await this.streams.open(request, reply, matchTopic(id));
  }

  @Get('rounds/events')
  @ApiOperation({ summary: 'Live: gebeurtenissen van alle wedstrijden van een ronde als Server-Sent Events (openbaar)' })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: STREAM_DESCRIPTION })
  @ApiTooManyRequestsResponse({ description: 'Te veel open live-verbindingen (LIVE_STREAMS_FULL)' })
  async roundEvents(@Query() query: LiveRoundQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.live.assertDivision(query.divisionId);
    await this.streams.open(request, reply, roundTopic(query.divisionId, query.round));
  }
}
