import { Controller, Get, Param, ParseUUIDPipe, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/decorators';
import { download } from '../common/download';
import { ExportsService } from './exports.service';


const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

@ApiTags('matches')
@Controller()
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Public()
  @Get('teams/:id/calendar.ics')
  @ApiOperation({ summary: 'Wedstrijden van een team als agenda (iCal) (openbaar)' })
  @ApiProduces('text/calendar')
  @ApiOkResponse(BINARY)
  async calendar(@Param('id', ParseUUIDPipe) id: string): Promise<StreamableFile> {
    return download(await this.exports.teamCalendar(id));
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
  @ApiOperation({ summary: 'Wedstrijdformulier om te printen: koppels met alleen achternamen, tafelschema, scorekaart, handtekeningen (openbaar, Regel 15)' })
  @ApiProduces('application/pdf')
  @ApiOkResponse(BINARY)
  async form(@Param('id', ParseUUIDPipe) id: string): Promise<StreamableFile> {
    return download(await this.exports.matchForm(id), 'inline');
  }
}
