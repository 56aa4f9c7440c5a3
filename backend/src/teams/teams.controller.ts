import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Public, Roles } from '../auth/decorators';
import { CreateTeamDto, TeamDto, UpdateTeamDto } from './team.dto';
import { TeamsService } from './teams.service';

@ApiTags('teams')
@Controller('teams')
export class TeamsController {
  constructor(private readonly teams: TeamsService) {}

  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Eén team (openbaar)' })
  @ApiOkResponse({ type: TeamDto })
  get(@Param('id', ParseUUIDPipe) id: string): Promise<TeamDto> {
    return this.teams.get(id);
  }

  @Roles('ADMIN')
  @Post()
  @ApiOperation({ summary: 'Team inschrijven in een poule (bondsbeheerder)' })
  @ApiCreatedResponse({ type: TeamDto })
  create(@Body() body: CreateTeamDto, @CurrentUser() user: AuthUser): Promise<TeamDto> {
    return this.teams.create(body, user);
  }

  @Roles('ADMIN')
  @Patch(':id')
  @ApiOperation({ summary: 'Team wijzigen (bondsbeheerder)' })
  @ApiOkResponse({ type: TeamDto })
  update(@Param('id', ParseUUIDPipe) id: string, @Body() body: UpdateTeamDto, @CurrentUser() user: AuthUser): Promise<TeamDto> {
    return this.teams.update(id, body, user);
  }

  @Roles('ADMIN')
  @Post(':id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Team archiveren (bondsbeheerder)' })
  @ApiOkResponse({ type: TeamDto })
  archive(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<TeamDto> {
    return this.teams.archive(id, user);
  }
}
