import { IncludeArchivedQueryDto } from '../common/dto';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Public, Roles } from '../auth/decorators';
import { CreateDivisionDto, DivisionDto, UpdateDivisionDto } from './division.dto';
import { DivisionsService } from './divisions.service';

@ApiTags('divisions')
@Controller()
export class DivisionsController {
  constructor(private readonly divisions: DivisionsService) {}

  @Public()
  @Get('seasons/:seasonId/divisions')
  @ApiOperation({ summary: 'Poules van een seizoen met hun teams (openbaar)' })
  @ApiOkResponse({ type: [DivisionDto] })
  list(@Param('seasonId', ParseUUIDPipe) seasonId: string, @Query() query: IncludeArchivedQueryDto): Promise<DivisionDto[]> {
    return this.divisions.list(seasonId, query.includeArchived ?? false);
  }

  @Public()
  @Get('divisions/:id')
  @ApiOperation({ summary: 'Eén poule met haar teams (openbaar)' })
  @ApiOkResponse({ type: DivisionDto })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<DivisionDto> {
    return this.divisions.get(id);
  }

  @Roles('ADMIN')
  @Post('divisions')
  @ApiOperation({ summary: 'Poule aanmaken (bondsbeheerder)' })
  @ApiCreatedResponse({ type: DivisionDto })
  create(@Body() body: CreateDivisionDto, @CurrentUser() user: AuthUser): Promise<DivisionDto> {
    return this.divisions.create(body, user);
  }

  @Roles('ADMIN')
  @Patch('divisions/:id')
  @ApiOperation({ summary: 'Poule wijzigen (bondsbeheerder)' })
  @ApiOkResponse({ type: DivisionDto })
  update(@Param('id', ParseUUIDPipe) id: string, @Body() body: UpdateDivisionDto, @CurrentUser() user: AuthUser): Promise<DivisionDto> {
    return this.divisions.update(id, body, user);
  }

  @Roles('ADMIN')
  @Post('divisions/:id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Poule archiveren (bondsbeheerder)' })
  @ApiOkResponse({ type: DivisionDto })
  archive(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<DivisionDto> {
    return this.divisions.archive(id, user);
  }
}
