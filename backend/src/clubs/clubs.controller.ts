import { IncludeArchivedQueryDto } from '../common/dto';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Public, Roles } from '../auth/decorators';
import { ClubDetailDto, ClubDto, CreateClubDto, UpdateClubDto } from './club.dto';
import { ClubsService } from './clubs.service';

@ApiTags('clubs')
@Controller('clubs')
export class ClubsController {
  constructor(private readonly clubs: ClubsService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Verenigingen (openbaar)' })
  @ApiOkResponse({ type: [ClubDto] })
  list(@Query() query: IncludeArchivedQueryDto): Promise<ClubDto[]> {
    return this.clubs.list(query.includeArchived ?? false);
  }

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Eén vereniging met haar teams (openbaar)' })
  @ApiOkResponse({ type: ClubDetailDto })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<ClubDetailDto> {
    return this.clubs.get(id);
  }

  @Roles('ADMIN')
  @Post()
  @ApiOperation({ summary: 'Vereniging aanmaken (bondsbeheerder)' })
  @ApiCreatedResponse({ type: ClubDto })
  create(@Body() body: CreateClubDto, @CurrentUser() user: AuthUser): Promise<ClubDto> {
    return this.clubs.create(body, user);
  }

  @Roles('ADMIN')
  @Patch(':id')
  @ApiOperation({ summary: 'Vereniging wijzigen (bondsbeheerder)' })
  @ApiOkResponse({ type: ClubDto })
  update(@Param('id', ParseUUIDPipe) id: string, @Body() body: UpdateClubDto, @CurrentUser() user: AuthUser): Promise<ClubDto> {
    return this.clubs.update(id, body, user);
  }

  @Roles('ADMIN')
  @Post(':id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Vereniging archiveren (bondsbeheerder)' })
  @ApiOkResponse({ type: ClubDto })
  archive(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<ClubDto> {
    return this.clubs.archive(id, user);
  }
}
