import { Controller, Get, Header, Param, ParseUUIDPipe, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/decorators';
import { LiveMatchDto, LiveReadQueryDto, LiveRoundDto, LiveRoundReadQueryDto, LiveRoundStreamQueryDto, LiveStreamQueryDto } from './live.dto';
import { acceptsGzip, GZIP_FROM_BYTES, gzippedAnswer } from './live-encoding';
import { LiveAnswer, LiveService, matchTopic, roundTopic } from './live.service';
import { LiveStreams } from './live-streams';

const STREAM_DESCRIPTION =
  'text/event-stream. Bij het openen `event: ready` met `{"version": "..."}`: de huidige versie van het live-antwoord (de ETag van GET …/live). ' +
  'Daarna `event: change` met `{"matchIds": [...], "kinds": [...], "at": "...", "version": "..."}` telkens als een set ondertekend of beslist ' +
  'wordt of een wedstrijd bevestigd; snel na elkaar komende wijzigingen worden één bericht. Met `?answer=1` bevat elk bericht ook `"live": {...}`, ' +
  'het hele live-antwoord (hetzelfde als GET …/live, met alleen achternamen): een app hoeft dan niets te lezen. Het antwoord wordt per wijziging ' +
  'één keer berekend, hoeveel kijkers er ook zijn. Een pagina die `version` al toont hoeft niets te doen; ontbreekt `version` (het antwoord kon ' +
  'niet gelezen worden), lees dan GET …/live opnieuw. Elke 15 s een commentaarregel (": ping").';

const ETAG = { ETag: { description: 'De versie van het antwoord (`version`), tussen aanhalingstekens', schema: { type: 'string' } } };
const NOT_MODIFIED = { status: 304, description: 'Niet gewijzigd: If-None-Match noemt de huidige versie' };
const IF_NONE_MATCH = { name: 'If-None-Match', required: false, description: 'De ETag van een eerder antwoord: 304 zolang dat de huidige versie is' };

/**
 * The answer's version as ETag; 304 without a body when the client already has it. A reader
 * that accepts gzip gets the answer gzipped (made once per version, live-encoding.ts); the
 * ETag is the version either way, and `Vary: Accept-Encoding` keeps caches apart.
 */
async function send(request: FastifyRequest, reply: FastifyReply, answer: LiveAnswer): Promise<string | Buffer> {
  const etag = `"${answer.version}"`;
  void reply.header('etag', etag);
  void reply.header('vary', 'accept-encoding');
  const known = request.headers['if-none-match'];
  if (known && known.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')))) {
    void reply.code(304);
    return '';
  }
  if (answer.json.length >= GZIP_FROM_BYTES && acceptsGzip(request.headers['accept-encoding'])) {
    const body = await gzippedAnswer(answer).catch(() => null);
    if (body) {
      void reply.header('content-encoding', 'gzip');
      return body;
    }
  }
  return answer.json;
}

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
  @ApiOkResponse({ type: LiveMatchDto, headers: ETAG })
  @ApiResponse(NOT_MODIFIED)
  @ApiHeader(IF_NONE_MATCH)
  @Header('content-type', 'application/json; charset=utf-8')
  async match(@Param('id', ParseUUIDPipe) id: string, @Query() query: LiveReadQueryDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | Buffer> {
    // Computed and serialised once per change, however many spectators ask (LiveService).
    return send(request, reply, await this.live.match(id, query.version));
  }

  @Get('rounds/live')
  @ApiOperation({ summary: 'Live: alle wedstrijden van een ronde van een poule, de speelavond (openbaar)' })
  @ApiOkResponse({ type: LiveRoundDto, headers: ETAG })
  @ApiResponse(NOT_MODIFIED)
  @ApiHeader(IF_NONE_MATCH)
  @Header('content-type', 'application/json; charset=utf-8')
  async round(@Query() query: LiveRoundReadQueryDto, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string | Buffer> {
    return send(request, reply, await this.live.round(query.divisionId, query.round, query.version));
  }

  @Get('matches/:id/events')
  @ApiOperation({ summary: 'Live: gebeurtenissen van één wedstrijd als Server-Sent Events, met het live-antwoord (openbaar)' })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: STREAM_DESCRIPTION })
  @ApiTooManyRequestsResponse({ description: 'Te veel open live-verbindingen (LIVE_STREAMS_FULL)' })
  async matchEvents(@Param('id', ParseUUIDPipe) id: string, @Query() query: LiveStreamQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.streams.open(request, reply, matchTopic(id), query.answer === '1');
  }

  @Get('rounds/events')
  @ApiOperation({ summary: 'Live: gebeurtenissen van alle wedstrijden van een ronde als Server-Sent Events, met het live-antwoord (openbaar)' })
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: STREAM_DESCRIPTION })
  @ApiTooManyRequestsResponse({ description: 'Te veel open live-verbindingen (LIVE_STREAMS_FULL)' })
  async roundEvents(@Query() query: LiveRoundStreamQueryDto, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await this.streams.open(request, reply, roundTopic(query.divisionId, query.round), query.answer === '1');
  }
}
