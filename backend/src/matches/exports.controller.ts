import { Controller, Get, Param, ParseUUIDPipe, Res, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../auth/decorators';
import { ExportFile, ExportsService } from './exports.service';

function send(res: Response, file: ExportFile, disposition: 'attachment' | 'inline'): StreamableFile {
  res.setHeader('Content-Disposition', `${disposition}; filename="${file.filename}"`);
  return new StreamableFile(file.body, { type: file.contentType, length: file.body.length });
}

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
  async calendar(@Param('id', ParseUUIDPipe) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return send(res, await this.exports.teamCalendar(id), 'attachment');
  }

  @Public()
  @Get('divisions/:id/fixtures.csv')
  @ApiOperation({ summary: 'Programma en uitslagen van een poule als CSV (UTF-8, puntkomma) (openbaar)' })
  @ApiProduces('text/csv')
  @ApiOkResponse(BINARY)
  async fixturesCsv(@Param('id', ParseUUIDPipe) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return send(res, await this.exports.divisionCsv(id), 'attachment');
  }

  @Public()
  @Get('matches/:id/form.pdf')
  @ApiOperation({ summary: 'Wedstrijdformulier om te printen: koppels met alleen achternamen, tafelschema, scorekaart, handtekeningen (openbaar, Regel 15)' })
  @ApiProduces('application/pdf')
  @ApiOkResponse(BINARY)
  async form(@Param('id', ParseUUIDPipe) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return send(res, await this.exports.matchForm(id), 'inline');
  }
}
