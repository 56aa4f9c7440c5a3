import { Body, Controller, Get, Header, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query, StreamableFile, UploadedFile } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { download } from '../common/download';
import { MemberEntriesService } from './member-entries.service';
import { MemberImportService } from './member-import.service';
import { MemberListRestoreService } from './member-list-restore.service';
import { MemberListRestoreResultDto, MemberListUploadsDto } from './member-list-upload.dto';
import { MemberListImportResultDto, MemberListPreviewDto } from './member-import.dto';
import {
  AddEntryDto,
  ConfirmUploadDto,
  DownloadQueryDto,
  MemberListDto,
  MemberListEntryDto,
  MemberListOverviewDto,
  UpdateEntryDto,
} from './member-list.dto';
import { MemberListsService } from './member-lists.service';
import { MemberFileUpload, UploadedMultipartFile, toParserFile } from './upload.interceptor';

const LIST = 'seasons/:seasonId/clubs/:clubId/member-list';

/** Member lists are personal data: administrators, and a secretary for their own club only. */
@ApiTags('member-lists')
@Roles('ADMIN', 'SECRETARY')
@Controller()
export class MemberListsController {
  constructor(
    private readonly lists: MemberListsService,
    private readonly imports: MemberImportService,
    private readonly entries: MemberEntriesService,
    private readonly restores: MemberListRestoreService,
  ) {}

  @Roles('ADMIN')
  @Get('seasons/:seasonId/member-lists')
  @ApiOperation({ summary: 'Moederlijsten van alle verenigingen in een seizoen: ingediend, op tijd, aantal leden (bondsbeheerder)' })
  @ApiOkResponse({ type: MemberListOverviewDto })
  overview(@Param('seasonId', ParseUUIDPipe) seasonId: string): Promise<MemberListOverviewDto> {
    return this.lists.overview(seasonId);
  }

  @Get(LIST)
  @ApiOperation({ summary: 'De moederlijst van een vereniging voor een seizoen (bondsbeheerder, secretaris van die vereniging)' })
  @ApiOkResponse({ type: MemberListDto })
  get(@Param('seasonId', ParseUUIDPipe) seasonId: string, @Param('clubId', ParseUUIDPipe) clubId: string, @CurrentUser() user: AuthUser): Promise<MemberListDto> {
    return this.lists.get(seasonId, clubId, user);
  }

  @Get(`${LIST}/download`)
  @ApiOperation({ summary: 'De moederlijst downloaden als CSV (Excel, puntkomma) of Excel-werkmap' })
  @ApiProduces('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @Header('Cache-Control', 'no-store')
  async download(
    @Param('seasonId', ParseUUIDPipe) seasonId: string,
    @Param('clubId', ParseUUIDPipe) clubId: string,
    @Query() query: DownloadQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<StreamableFile> {
    return download(await this.lists.download(seasonId, clubId, query.format, user));
  }

  @Post(`${LIST}/preview`)
  @HttpCode(200)
  @MemberFileUpload()
  @ApiOperation({ summary: 'Voorbeeld van een ingelezen moederlijst: toegevoegd, gewijzigd, afgevoerd en fouten per rij (slaat niets op)' })
  @ApiOkResponse({ type: MemberListPreviewDto })
  preview(
    @Param('seasonId', ParseUUIDPipe) seasonId: string,
    @Param('clubId', ParseUUIDPipe) clubId: string,
    @UploadedFile() file: UploadedMultipartFile | undefined,
    @CurrentUser() user: AuthUser,
  ): Promise<MemberListPreviewDto> {
    return this.imports.preview(seasonId, clubId, toParserFile(file), user);
  }

  @Post(`${LIST}/confirm`)
  @HttpCode(200)
  @MemberFileUpload({
    previewId: { type: 'string' },
    registeredOn: { type: 'string', format: 'date', description: 'Alleen bondsbeheerder' },
    registeredOnReason: { type: 'string' },
    confirmRemoved: { type: 'integer', description: 'Tweede bevestiging: het aantal af te voeren leden (verplicht als het voorbeeld removalNeedsConfirmation geeft)' },
  })
  @ApiOperation({ summary: 'Het voorbeeld bevestigen: hetzelfde bestand opnieuw meesturen; de hele lijst in één keer of niets' })
  @ApiOkResponse({ type: MemberListImportResultDto })
  confirm(
    @Param('seasonId', ParseUUIDPipe) seasonId: string,
    @Param('clubId', ParseUUIDPipe) clubId: string,
    @UploadedFile() file: UploadedMultipartFile | undefined,
    @Body() body: ConfirmUploadDto,
    @CurrentUser() user: AuthUser,
  ): Promise<MemberListImportResultDto> {
    return this.imports.confirm(seasonId, clubId, toParserFile(file), body, user);
  }

  @Get(`${LIST}/uploads`)
  @ApiOperation({ summary: 'Uploads van de moederlijst die nog terug te zetten zijn, met wat terugzetten nu zou doen (bondsbeheerder, secretaris van die vereniging)' })
  @ApiOkResponse({ type: MemberListUploadsDto })
  uploads(@Param('seasonId', ParseUUIDPipe) seasonId: string, @Param('clubId', ParseUUIDPipe) clubId: string, @CurrentUser() user: AuthUser): Promise<MemberListUploadsDto> {
    return this.restores.uploads(seasonId, clubId, user);
  }

  @Post(`${LIST}/uploads/:uploadId/restore`)
  @HttpCode(200)
  @ApiOperation({
    summary:
      'De moederlijst terugzetten naar vóór een upload: afgevoerde leden terug met hun oorspronkelijke inschrijfdatum, toegevoegde leden weer af, gewijzigde gegevens terug; latere wijzigingen blijven (binnen memberListRestoreDays dagen)',
  })
  @ApiOkResponse({ type: MemberListRestoreResultDto })
  restore(
    @Param('seasonId', ParseUUIDPipe) seasonId: string,
    @Param('clubId', ParseUUIDPipe) clubId: string,
    @Param('uploadId', ParseUUIDPipe) uploadId: string,
    @CurrentUser() user: AuthUser,
  ): Promise<MemberListRestoreResultDto> {
    return this.restores.restore(seasonId, clubId, uploadId, user);
  }

  @Post(`${LIST}/entries`)
  @ApiOperation({ summary: 'Eén lid toevoegen aan de moederlijst' })
  @ApiCreatedResponse({ type: MemberListEntryDto })
  add(
    @Param('seasonId', ParseUUIDPipe) seasonId: string,
    @Param('clubId', ParseUUIDPipe) clubId: string,
    @Body() body: AddEntryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<MemberListEntryDto> {
    return this.entries.add(seasonId, clubId, body, user);
  }

  @Patch('member-list-entries/:id')
  @ApiOperation({ summary: 'Gegevens van een lid op de moederlijst wijzigen (eerdere inschrijfdatum: alleen bondsbeheerder, met reden)' })
  @ApiOkResponse({ type: MemberListEntryDto })
  update(@Param('id', ParseUUIDPipe) id: string, @Body() body: UpdateEntryDto, @CurrentUser() user: AuthUser): Promise<MemberListEntryDto> {
    return this.entries.update(id, body, user);
  }

  @Post('member-list-entries/:id/remove')
  @HttpCode(200)
  @ApiOperation({ summary: 'Een lid van de moederlijst afvoeren (gespeelde wedstrijden blijven bewaard)' })
  @ApiOkResponse({ type: MemberListEntryDto })
  remove(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<MemberListEntryDto> {
    return this.entries.remove(id, user);
  }
}
