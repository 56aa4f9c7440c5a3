import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { ReasonDto } from '../common/reason.dto';
import { CreateSanctionDto, CreateTransferDto, SanctionDto, TransferDto, TransferQueryDto } from './member-list.dto';
import { SanctionsService } from './sanctions.service';
import { TransfersService } from './transfers.service';

@ApiTags('member-lists')
@Controller()
export class TransfersController {
  constructor(
    private readonly transfers: TransfersService,
    private readonly sanctions: SanctionsService,
  ) {}

  @Roles('ADMIN', 'SECRETARY')
  @Get('transfers')
  @ApiOperation({ summary: 'Overschrijvingen: alle (bondsbeheerder) of die van de eigen vereniging (secretaris)' })
  @ApiOkResponse({ type: [TransferDto] })
  list(@Query() query: TransferQueryDto, @CurrentUser() user: AuthUser): Promise<TransferDto[]> {
    return this.transfers.list(query, user);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Post('transfers')
  @ApiOperation({ summary: 'Overschrijving aanvragen naar de eigen vereniging (Regel 2); binnen de stop alleen met bestuursbesluit' })
  @ApiCreatedResponse({ type: TransferDto })
  request(@Body() body: CreateTransferDto, @CurrentUser() user: AuthUser): Promise<TransferDto> {
    return this.transfers.request(body, user);
  }

  @Roles('ADMIN')
  @Post('transfers/:id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: 'Overschrijving goedkeuren als bestuursbesluit met schriftelijke reden (bondsbeheerder)' })
  @ApiOkResponse({ type: TransferDto })
  approve(@Param('id', ParseUUIDPipe) id: string, @Body() body: ReasonDto, @CurrentUser() user: AuthUser): Promise<TransferDto> {
    return this.transfers.approve(id, body.reason, user);
  }

  @Roles('ADMIN')
  @Post('transfers/:id/refuse')
  @HttpCode(200)
  @ApiOperation({ summary: 'Overschrijvingsverzoek afwijzen met reden (bondsbeheerder)' })
  @ApiOkResponse({ type: TransferDto })
  refuse(@Param('id', ParseUUIDPipe) id: string, @Body() body: ReasonDto, @CurrentUser() user: AuthUser): Promise<TransferDto> {
    return this.transfers.refuse(id, body.reason, user);
  }

  @Roles('ADMIN')
  @Post('members/:memberId/sanctions')
  @ApiOperation({ summary: 'Lid schorsen (van–tot) of royeren (vanaf), met reden (bondsbeheerder, Regel 4)' })
  @ApiCreatedResponse({ type: SanctionDto })
  sanction(@Param('memberId', ParseUUIDPipe) memberId: string, @Body() body: CreateSanctionDto, @CurrentUser() user: AuthUser): Promise<SanctionDto> {
    return this.sanctions.create(memberId, body, user);
  }

  @Roles('ADMIN')
  @Post('member-sanctions/:id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Een ten onrechte opgelegde schorsing of royement intrekken, met reden (bondsbeheerder)' })
  @ApiOkResponse({ type: SanctionDto })
  revoke(@Param('id', ParseUUIDPipe) id: string, @Body() body: ReasonDto, @CurrentUser() user: AuthUser): Promise<SanctionDto> {
    return this.sanctions.revoke(id, body.reason, user);
  }
}
