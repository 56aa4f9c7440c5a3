import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { dispositionHeader } from '../common/download';
import { LargeBody } from '../common/large-body';
import { SeasonDocumentDto, SeasonImportPreviewDto, SeasonImportResultDto } from './season-document.dto';
import { SeasonExportService } from './season-export.service';
import { SeasonImportService } from './season-import.service';

const fileName = (seasonName: string) => `seizoen-${seasonName.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'export'}.json`;

/** A 20-team double round robin with every set is about 150 kB; whole seasons of history fit easily. */
const SEASON_IMPORT_LIMIT = 10 * 1024 * 1024;

@ApiTags('seasons')
@Controller('seasons')
export class SeasonTransferController {
  constructor(
    private readonly exporter: SeasonExportService,
    private readonly importer: SeasonImportService,
  ) {}

  @Roles('ADMIN')
  @Get(':id/export')
  @ApiOperation({ summary: 'Seizoen exporteren als één JSON-document (bondsbeheerder)' })
  @ApiOkResponse({ type: SeasonDocumentDto })
  async export(@Param('id', ParseUUIDPipe) id: string, @Res({ passthrough: true }) res: FastifyReply): Promise<SeasonDocumentDto> {
    const document = await this.exporter.export(id);
    res.header('Content-Disposition', dispositionHeader(fileName(document.season.name)));
    return document;
  }

  /** The body is read as a whole by parseSeasonDocument (not the validation pipe), so every problem is listed. */
  @Roles('ADMIN')
  @LargeBody(SEASON_IMPORT_LIMIT)
  @Post('import')
  @ApiOperation({ summary: 'Seizoen aanmaken uit een seizoensbestand; alles of niets (bondsbeheerder)' })
  @ApiBody({ type: SeasonDocumentDto })
  @ApiCreatedResponse({ type: SeasonImportResultDto })
  import(@Body() document: Record<string, unknown>, @CurrentUser() user: AuthUser): Promise<SeasonImportResultDto> {
    return this.importer.import(document, user);
  }

  /** The same file, checked and summed up: what the import would create, its fine proposals and Regel 11 occurrences; nothing stored. */
  @Roles('ADMIN')
  @LargeBody(SEASON_IMPORT_LIMIT)
  @Post('import/preview')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Seizoensbestand controleren vóór de import: wat er wordt aangemaakt, met de boetevoorstellen en de keren onvolledig of te laat (Regel 6, 7, 9A, 11); slaat niets op (bondsbeheerder)',
  })
  @ApiBody({ type: SeasonDocumentDto })
  @ApiOkResponse({ type: SeasonImportPreviewDto })
  preview(@Body() document: Record<string, unknown>): Promise<SeasonImportPreviewDto> {
    return this.importer.preview(document);
  }
}
