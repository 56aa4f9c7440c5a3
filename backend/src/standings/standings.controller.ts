import { Body, Controller, Delete, Get, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Public, Roles } from '../auth/decorators';
import { PlayoffsService } from './playoffs.service';
import { ClubProgrammeDto, ClubProgrammeQueryDto, DivisionProgrammeDto } from './programme.dto';
import { ProgrammeService } from './programme.service';
import { CreatePlayoffDto, PlayoffDto, PositionsDto, StandingsDto, StandingsQueryDto } from './standings.dto';
import { StandingsService } from './standings.service';

@ApiTags('standings')
@Controller()
export class StandingsController {
  constructor(
    private readonly standings: StandingsService,
    private readonly playoffs: PlayoffsService,
    private readonly programme: ProgrammeService,
  ) {}

  @Public()
  @Get('divisions/:divisionId/standings')
  @ApiOperation({ summary: 'Stand van een poule, eventueel na ronde N (openbaar)' })
  @ApiOkResponse({ type: StandingsDto })
  get(@Param('divisionId', ParseUUIDPipe) divisionId: string, @Query() query: StandingsQueryDto): Promise<StandingsDto> {
    return this.standings.standings(divisionId, query.round, query.provisional ?? false);
  }

  @Public()
  @Get('divisions/:divisionId/standings/positions')
  @ApiOperation({ summary: 'Plaats van elk team na elke ronde, voor het verloop (openbaar)' })
  @ApiOkResponse({ type: PositionsDto })
  positions(@Param('divisionId', ParseUUIDPipe) divisionId: string): Promise<PositionsDto> {
    return this.standings.positions(divisionId);
  }

  @Public()
  @Get('divisions/:divisionId/programme')
  @ApiOperation({ summary: 'Programma en uitslagen van een poule per ronde (openbaar)' })
  @ApiOkResponse({ type: DivisionProgrammeDto })
  divisionProgramme(@Param('divisionId', ParseUUIDPipe) divisionId: string): Promise<DivisionProgrammeDto> {
    return this.programme.division(divisionId);
  }

  @Public()
  @Get('clubs/:clubId/programme')
  @ApiOperation({ summary: 'Teams van een vereniging met uitslagen, komende wedstrijden en plaats (openbaar)' })
  @ApiOkResponse({ type: ClubProgrammeDto })
  clubProgramme(@Param('clubId', ParseUUIDPipe) clubId: string, @Query() query: ClubProgrammeQueryDto): Promise<ClubProgrammeDto> {
    return this.programme.club(clubId, query.seasonId);
  }

  @Public()
  @Get('divisions/:divisionId/playoffs')
  @ApiOperation({ summary: 'Beslissingswedstrijden van een poule (openbaar)' })
  @ApiOkResponse({ type: [PlayoffDto] })
  listPlayoffs(@Param('divisionId', ParseUUIDPipe) divisionId: string): Promise<PlayoffDto[]> {
    return this.playoffs.list(divisionId);
  }

  @Roles('ADMIN')
  @Post('divisions/:divisionId/playoffs')
  @ApiOperation({ summary: 'Uitslag van een beslissingswedstrijd vastleggen (bondsbeheerder)' })
  @ApiCreatedResponse({ type: PlayoffDto })
  createPlayoff(@Param('divisionId', ParseUUIDPipe) divisionId: string, @Body() body: CreatePlayoffDto, @CurrentUser() user: AuthUser): Promise<PlayoffDto> {
    return this.playoffs.create(divisionId, body, user);
  }

  @Roles('ADMIN')
  @Delete('playoffs/:id')
  @ApiOperation({ summary: 'Een per vergissing vastgelegde beslissingswedstrijd verwijderen (bondsbeheerder)' })
  @ApiOkResponse({ type: PlayoffDto })
  removePlayoff(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<PlayoffDto> {
    return this.playoffs.remove(id, user);
  }
}
