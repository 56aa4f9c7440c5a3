import { Controller, Get, Param, ParseUUIDPipe, Req, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth.types';
import { OptionalUser, Public } from '../auth/decorators';
import { publicOrigin } from '../match-night/public-origin';
import { download } from '../common/download';
import { ExportsService } from './exports.service';


const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

const FEED_NOTE =
  'Om op te abonneren (webcal://): inline geserveerd, elke wedstrijd houdt zijn UID (<wedstrijd-id>@tsbn.nl) en SEQUENCE telt elke verplaatsing of omwisseling, zodat een agenda de wedstrijd bijwerkt in plaats van dubbel toont. Alleen openbare gegevens: teams, datum en aanvang, speellocatie, status en de bevestigde uitslag.';

@ApiTags('matches')
@Controller()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Public()
  @Get('teams/:id/calendar.ics')
  @ApiOperation({
    summary: 'Agenda-abonnement van een team (iCal, openbaar)',
    description: `${FEED_NOTE} Alle wedstrijden van het team.`,
  })
  @ApiProduces('text/calendar')
  @ApiOkResponse(BINARY)
  async calendar(@Param('id', ParseUUIDPipe) id: string): Promise<StreamableFile> {
    return download(await this.exports.teamCalendar(id), 'inline');
  }

  @Public()
  @Get('clubs/:id/calendar.ics')
  @ApiOperation({
    summary: 'Agenda-abonnement van een vereniging: de wedstrijden van al haar teams (iCal, openbaar)',
    description: `${FEED_NOTE} De wedstrijden van alle teams van de vereniging in de seizoenen die niet gearchiveerd zijn.`,
  })
  @ApiProduces('text/calendar')
  @ApiOkResponse(BINARY)
  async clubCalendar(@Param('id', ParseUUIDPipe) id: string): Promise<StreamableFile> {
    return download(await this.exports.clubCalendar(id), 'inline');
  }

  @Public()
  @Get('divisions/:id/fixtures.csv')
  @ApiOperation({ summary: 'Programma en uitslagen van een poule als CSV (UTF-8, puntkomma) (openbaar)' })
  @ApiProduces('text/csv')
  @ApiOkResponse(BINARY)
  async fixturesCsv(@Param('id', ParseUUIDPipe) id: string): Promise<StreamableFile> {
    return download(await this.exports.divisionCsv(id));
  }

  @Public()
  @Get('matches/:id/form.pdf')
  @ApiOperation({
    summary: 'Wedstrijdformulier om te printen: koppels met alleen achternamen, tafelschema, scorekaart (ingevuld met partijen, sets, totalen en uitslag zodra die er zijn), handtekeningen (openbaar, Regel 15)',
    description:
      'Is de speelavond geopend, dan heeft het exemplaar van de secretaris van de thuisploeg, de wedstrijdleider en de bondsbeheerder een derde pagina met per tafel de QR-code en de korte code; het openbare exemplaar niet. In het openbare exemplaar (en dat van andere verenigingen) heet een lid dat niet gepubliceerd wordt "speler van <vereniging>".',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse(BINARY)
  async form(@Param('id', ParseUUIDPipe) id: string, @OptionalUser() viewer: AuthUser | undefined, @Req() req: FastifyRequest): Promise<StreamableFile> {
    // Once the match night is open, the copy of whoever hands out the table codes carries them (a third page).
    return download(await this.exports.matchForm(id, viewer, publicOrigin(req)), 'inline');
  }

  @Public()
  @Get('matches/:id/score-slips.pdf')
  @ApiOperation({
    summary: 'Scorebriefjes per tafel om te printen: per set en tafel een kaartje met het thuiskoppel en het lopende koppel (Regel 22), vier partijen en parafen (openbaar, Regel 15)',
    description: 'Namen zoals op het wedstrijdformulier van deze lezer: in het openbare exemplaar heet een lid dat niet gepubliceerd wordt "speler van <vereniging>".',
  })
  @ApiProduces('application/pdf')
  @ApiOkResponse(BINARY)
  async scoreSlips(@Param('id', ParseUUIDPipe) id: string, @OptionalUser() viewer: AuthUser | undefined): Promise<StreamableFile> {
    return download(await this.exports.scoreSlips(id, viewer), 'inline');
  }
}
