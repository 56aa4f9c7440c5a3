import { Body, Controller, Get, Header, HttpCode, Param, ParseUUIDPipe, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { assertClubAccess } from '../auth/access';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { download } from '../common/download';
import { ReasonDto } from '../common/reason.dto';
import {
  BulkMarkPaidDto,
  ChangeFineAmountDto,
  ClubFinesDto,
  ConfirmFineDto,
  FineDetailDto,
  FineDto,
  FineListDto,
  FineListQueryDto,
  LevyFineDto,
  MarkPaidDto,
  SeasonQueryDto,
  StatementQueryDto,
} from './fine.dto';
import { FinesService } from './fines.service';

@ApiTags('fines')
@Controller()
export class FinesController {
  constructor(private readonly fines: FinesService) {}

  @Roles('ADMIN')
  @Get('fines')
  @ApiOperation({ summary: 'Alle boetes van een seizoen met filters en totalen (bondsbeheerder)' })
  @ApiOkResponse({ type: FineListDto })
  list(@Query() query: FineListQueryDto): Promise<FineListDto> {
    return this.fines.list(query);
  }

  @Roles('ADMIN')
  @Post('fines')
  @ApiOperation({ summary: 'Boete uit de catalogus opleggen, Regel 10 (bondsbeheerder)' })
  @ApiCreatedResponse({ type: FineDto })
  levy(@Body() body: LevyFineDto, @CurrentUser() user: AuthUser): Promise<FineDto> {
    return this.fines.levy(body, user);
  }

  @Roles('ADMIN')
  @Post('fines/pay')
  @HttpCode(200)
  @ApiOperation({ summary: 'Meerdere openstaande boetes als betaald markeren (bondsbeheerder)' })
  @ApiOkResponse({ type: [FineDto] })
  markPaidBulk(@Body() body: BulkMarkPaidDto, @CurrentUser() user: AuthUser): Promise<FineDto[]> {
    return this.fines.markPaidBulk(body, user);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Get('fines/:id')
  @ApiOperation({ summary: 'Eén boete met haar geschiedenis (bondsbeheerder; secretaris van de eigen vereniging)' })
  @ApiOkResponse({ type: FineDetailDto })
  async get(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<FineDetailDto> {
    assertClubAccess(user, await this.fines.clubOf(id));
    return this.fines.get(id, user);
  }

  @Roles('ADMIN')
  @Post('fines/:id/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Voorstel bevestigen; bij Regel 6 met het bedrag van het bestuur (bondsbeheerder)' })
  @ApiOkResponse({ type: FineDto })
  confirm(@Param('id', ParseUUIDPipe) id: string, @Body() body: ConfirmFineDto, @CurrentUser() user: AuthUser): Promise<FineDto> {
    return this.fines.confirm(id, body, user);
  }

  @Roles('ADMIN')
  @Post('fines/:id/amount')
  @HttpCode(200)
  @ApiOperation({ summary: 'Bedrag van een voorstel wijzigen, met reden (bondsbeheerder)' })
  @ApiOkResponse({ type: FineDto })
  changeAmount(@Param('id', ParseUUIDPipe) id: string, @Body() body: ChangeFineAmountDto, @CurrentUser() user: AuthUser): Promise<FineDto> {
    return this.fines.changeAmount(id, body, user);
  }

  @Roles('ADMIN')
  @Post('fines/:id/discard')
  @HttpCode(200)
  @ApiOperation({ summary: 'Voorstel laten vervallen, met reden (bondsbeheerder)' })
  @ApiOkResponse({ type: FineDto })
  discard(@Param('id', ParseUUIDPipe) id: string, @Body() body: ReasonDto, @CurrentUser() user: AuthUser): Promise<FineDto> {
    return this.fines.discard(id, body.reason, user);
  }

  @Roles('ADMIN')
  @Post('fines/:id/pay')
  @HttpCode(200)
  @ApiOperation({ summary: 'Boete als betaald markeren (bondsbeheerder)' })
  @ApiOkResponse({ type: FineDto })
  markPaid(@Param('id', ParseUUIDPipe) id: string, @Body() body: MarkPaidDto, @CurrentUser() user: AuthUser): Promise<FineDto> {
    return this.fines.markPaid(id, body, user);
  }

  @Roles('ADMIN')
  @Post('fines/:id/waive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Boete kwijtschelden door het bestuur, met reden (bondsbeheerder)' })
  @ApiOkResponse({ type: FineDto })
  waive(@Param('id', ParseUUIDPipe) id: string, @Body() body: ReasonDto, @CurrentUser() user: AuthUser): Promise<FineDto> {
    return this.fines.waive(id, body.reason, user);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Get('clubs/:clubId/fines')
  @ApiOperation({ summary: 'Boetes van een vereniging: wat wanneer betaald moet worden (bondsbeheerder; eigen secretaris)' })
  @ApiOkResponse({ type: ClubFinesDto })
  clubFines(@Param('clubId', ParseUUIDPipe) clubId: string, @Query() query: SeasonQueryDto, @CurrentUser() user: AuthUser): Promise<ClubFinesDto> {
    assertClubAccess(user, clubId);
    return this.fines.clubFines(clubId, query.seasonId);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Get('clubs/:clubId/fines/statement')
  @ApiOperation({ summary: 'Boeteoverzicht als PDF of CSV, met de betaalgegevens van de bond (bondsbeheerder; eigen secretaris)' })
  @ApiProduces('application/pdf', 'text/csv')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' } })
  @Header('Cache-Control', 'no-store')
  async statement(
    @Param('clubId', ParseUUIDPipe) clubId: string,
    @Query() query: StatementQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<StreamableFile> {
    assertClubAccess(user, clubId);
    return download(await this.fines.statement(clubId, query));
  }
}
