import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Public, Roles } from '../auth/decorators';
import { NotFoundError } from '../common/errors';
import { CreateSeasonDto, SeasonDto, SeasonListQueryDto, SeasonSummaryDto, UpdateSeasonDto } from './season.dto';
import { SeasonsService } from './seasons.service';

@ApiTags('seasons')
@Controller('seasons')
export class SeasonsController {
  constructor(private readonly seasons: SeasonsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Seizoenen (openbaar)' })
  @ApiOkResponse({ type: [SeasonSummaryDto] })
  list(@Query() query: SeasonListQueryDto): Promise<SeasonSummaryDto[]> {
    return this.seasons.list(query.includeArchived ?? false, query.status);
  }

  @Public()
  @Get('current')
  @ApiOperation({ summary: 'Het lopende seizoen (openbaar)' })
  @ApiOkResponse({ type: SeasonDto })
  async current(): Promise<SeasonDto> {
    const id = await this.seasons.currentId();
    if (!id) throw new NotFoundError('Seizoen');
    return this.seasons.get(id);
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Eén seizoen met zijn instellingen (openbaar)' })
  @ApiOkResponse({ type: SeasonDto })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<SeasonDto> {
    return this.seasons.get(id);
  }

  @Roles('ADMIN')
  @Post()
  @ApiOperation({ summary: 'Seizoen aanmaken (bondsbeheerder)' })
  @ApiCreatedResponse({ type: SeasonDto })
  create(@Body() body: CreateSeasonDto, @CurrentUser() user: AuthUser): Promise<SeasonDto> {
    return this.seasons.create(body, user);
  }

  @Roles('ADMIN')
  @Patch(':id')
  @ApiOperation({ summary: 'Seizoen of instellingen wijzigen (bondsbeheerder)' })
  @ApiOkResponse({ type: SeasonDto })
  update(@Param('id', ParseUUIDPipe) id: string, @Body() body: UpdateSeasonDto, @CurrentUser() user: AuthUser): Promise<SeasonDto> {
    return this.seasons.update(id, body, user);
  }

  @Roles('ADMIN')
  @Post(':id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Seizoen archiveren (bondsbeheerder)' })
  @ApiOkResponse({ type: SeasonDto })
  archive(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<SeasonDto> {
    return this.seasons.archive(id, user);
  }
}
