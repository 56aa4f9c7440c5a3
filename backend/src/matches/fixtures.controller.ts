import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, OptionalUser, Public, Roles } from '../auth/decorators';
import { MatchHistoryEntryDto, MoveInputDto, ScheduleInputDto, SwapInputDto } from './fixtures.dto';
import { FixturesService } from './fixtures.service';
import { DivisionMatchesDto, forViewer, MatchDetailDto, MatchSummaryDto } from './match.dto';
import { MatchDataService } from './match-data.service';
import { ScoreFactsService } from './score-facts.service';

@ApiTags('matches')
@Controller()
export class FixturesController {
  constructor(
    private readonly fixtures: FixturesService,
    private readonly matches: MatchDataService,
    private readonly scores: ScoreFactsService,
  ) {}

  @Roles('ADMIN')
  @Post('divisions/:id/schedule')
  @ApiOperation({
    summary: 'Wedstrijdprogramma van een poule maken: enkele of dubbele competitie op de opgegeven speeldata (bondsbeheerder)',
    description: 'Weigert (409 SCHEDULE_EXISTS) als er al wedstrijden zijn, tenzij replace: true en er nog niets gespeeld of ingevoerd is (anders 409 MATCHES_PLAYED).',
  })
  @ApiCreatedResponse({ type: DivisionMatchesDto })
  schedule(@Param('id', ParseUUIDPipe) id: string, @Body() body: ScheduleInputDto, @CurrentUser() user: AuthUser): Promise<DivisionMatchesDto> {
    return this.fixtures.schedule(id, body, user);
  }

  @Public()
  @Get('divisions/:id/matches')
  @ApiOperation({ summary: 'Programma en uitslagen van een poule, per ronde (openbaar)' })
  @ApiOkResponse({ type: DivisionMatchesDto })
  async division(@Param('id', ParseUUIDPipe) id: string, @OptionalUser() viewer?: AuthUser): Promise<DivisionMatchesDto> {
    const division = await this.matches.division(id);
    const facts = await this.scores.of(id, division.rounds.flatMap((r) => r.matches));
    return { ...division, rounds: division.rounds.map((round) => ({ ...round, matches: round.matches.map((m) => forViewer(m, viewer, facts)) })) };
  }

  @Public()
  @Get('teams/:id/matches')
  @ApiOperation({ summary: 'Wedstrijden van een team, op datum (openbaar)' })
  @ApiOkResponse({ type: [MatchSummaryDto] })
  async team(@Param('id', ParseUUIDPipe) id: string, @OptionalUser() viewer?: AuthUser): Promise<MatchSummaryDto[]> {
    const matches = await this.matches.team(id);
    if (!matches.length) return matches;
    const facts = await this.scores.of(matches[0].divisionId, matches);
    return matches.map((m) => forViewer(m, viewer, facts));
  }

  @Public()
  @Get('matches/:id')
  @ApiOperation({
    summary: 'Wedstrijdpagina: stand per set en tafel, koppels met alleen achternamen (openbaar, Regel 15)',
    description: 'Een lid dat zijn vereniging op "niet publiceren" zette, heet voor het publiek en andere verenigingen "speler van <vereniging>"; de twee verenigingen van de wedstrijd, wedstrijdleiders en de bond zien de achternaam, zoals op het wedstrijdformulier.',
  })
  @ApiOkResponse({ type: MatchDetailDto })
  async get(@Param('id', ParseUUIDPipe) id: string, @OptionalUser() viewer?: AuthUser): Promise<MatchDetailDto> {
    const match = await this.matches.detail(id, viewer);
    return forViewer(match, viewer, await this.scores.of(match.divisionId));
  }

  @Roles('ADMIN')
  @Post('matches/:id/move')
  @HttpCode(200)
  @ApiOperation({ summary: 'Wedstrijd verplaatsen naar een andere datum, met reden (bondsbeheerder)' })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse({ description: 'MATCH_HAS_RESULT: al gespeeld; DATE_TAKEN: een van de teams speelt die dag al' })
  move(@Param('id', ParseUUIDPipe) id: string, @Body() body: MoveInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.fixtures.move(id, body, user);
  }

  @Roles('ADMIN')
  @Post('matches/:id/swap')
  @HttpCode(200)
  @ApiOperation({ summary: 'Thuis- en uitploeg omdraaien, met reden (bondsbeheerder)' })
  @ApiOkResponse({ type: MatchDetailDto })
  swap(@Param('id', ParseUUIDPipe) id: string, @Body() body: SwapInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.fixtures.swap(id, body, user);
  }

  @Roles('ADMIN', 'SUPERVISOR')
  @Get('matches/:id/history')
  @ApiOperation({ summary: 'Logboek van een wedstrijd: elke wijziging met ervoor en erna (bondsbeheerder, wedstrijdleider)' })
  @ApiOkResponse({ type: [MatchHistoryEntryDto] })
  history(@Param('id', ParseUUIDPipe) id: string): Promise<MatchHistoryEntryDto[]> {
    return this.matches.history(id);
  }
}
