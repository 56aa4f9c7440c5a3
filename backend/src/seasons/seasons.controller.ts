import { Body, Controller, Get, HttpCode, Param, ParseBoolPipe, ParseEnumPipe, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Public, Roles } from '../auth/decorators';
import { NotFoundError, ValidationError } from '../common/errors';
import { SEASON_STATUSES, SeasonStatus } from '../domain/season-status';
import { CreateSeasonDto, SeasonDto, SeasonSummaryDto, UpdateSeasonDto } from './season.dto';
import { SeasonsService } from './seasons.service';

@ApiTags('seasons')
@Controller('seasons')
export class SeasonsController {
  constructor(private readonly seasons: SeasonsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Seizoenen (openbaar)' })
  @ApiQuery({ name: 'includeArchived', required: false, type: Boolean, description: 'Ook gearchiveerde seizoenen (zonder status-filter)' })
  @ApiQuery({
    name: 'status',
    required: false,
    enum: SEASON_STATUSES,
    enumName: 'SeasonStatus',
    description: 'Alleen seizoenen met deze status; met CLOSED ook de gearchiveerde (includeArchived doet dan niet ter zake)',
  })
  @ApiOkResponse({ type: [SeasonSummaryDto] })
  list(
    @Query('includeArchived', new ParseBoolPipe({ optional: true })) includeArchived?: boolean,
    @Query('status', new ParseEnumPipe(SEASON_STATUSES, {
        optional: true,
        exceptionFactory: () => new ValidationError('Onbekende seizoensstatus.', [{ field: 'status', message: `Kies ${SEASON_STATUSES.join(', ')}.` }]),
      })) status?: SeasonStatus,
  ): Promise<SeasonSummaryDto[]> {
    return this.seasons.list(includeArchived ?? false, status);
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
