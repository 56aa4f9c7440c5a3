import { Body, Controller, Get, Header, Param, ParseUUIDPipe, Post, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Public, Roles } from '../auth/decorators';
import { download } from '../common/download';
import {
  ClubRatingEntryDto, mapRatingJob, PairPageDto, PlayerPageDto, PublicationDto, PublicationResultDto, RatingJobDto, RatingListDto, RatingListQueryDto,
} from './ratings.dto';
import { RatingsStoreService } from './ratings-store.service';
import { RatingsService } from './ratings.service';

@ApiTags('ratings')
@Controller()
export class RatingsController {
  constructor(
    private readonly ratings: RatingsService,
    private readonly store: RatingsStoreService,
  ) {}

  @Public()
  @Get('public/ratings')
  @ApiOperation({ summary: 'Ranglijst van spelers: de bond, een seizoen of een poule (openbaar; achternaam en vereniging)' })
  @ApiOkResponse({ type: RatingListDto })
  list(@Query() query: RatingListQueryDto): Promise<RatingListDto> {
    return this.ratings.list(query);
  }

  @Public()
  @Get('public/ratings.csv')
  @ApiOperation({ summary: 'Ranglijst als CSV (openbaar)' })
  @ApiProduces('text/csv')
  @Header('Cache-Control', 'no-store')
  async csv(@Query() query: RatingListQueryDto): Promise<StreamableFile> {
    return download({ filename: 'ranglijst.csv', contentType: 'text/csv; charset=utf-8', body: await this.ratings.listCsv(query) });
  }

  @Public()
  @Get('public/players/:id')
  @ApiOperation({ summary: 'Spelerspagina: rating met verloop, partners, statistieken, laatste wedstrijden (openbaar)' })
  @ApiOkResponse({ type: PlayerPageDto })
  player(@Param('id', ParseUUIDPipe) id: string): Promise<PlayerPageDto> {
    return this.ratings.player(id);
  }

  @Public()
  @Get('public/pairs/:a/:b')
  @ApiOperation({ summary: 'Koppelpagina: twee spelers samen (openbaar)' })
  @ApiOkResponse({ type: PairPageDto })
  pair(@Param('a', ParseUUIDPipe) a: string, @Param('b', ParseUUIDPipe) b: string): Promise<PairPageDto> {
    return this.ratings.pair(a, b);
  }

  @Public()
  @Get('public/clubs/:clubId/players')
  @ApiOperation({ summary: 'De spelers van een vereniging met hun rating (openbaar; zonder leden die niet gepubliceerd willen worden)' })
  @ApiOkResponse({ type: RatingListDto })
  clubPlayers(@Param('clubId', ParseUUIDPipe) clubId: string, @Query() query: RatingListQueryDto): Promise<RatingListDto> {
    return this.ratings.clubPlayers(clubId, query.sort);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Get('clubs/:clubId/ratings')
  @ApiOperation({ summary: 'Leden van de eigen vereniging met rating, volledige naam en "niet publiceren" (secretaris, bond)' })
  @ApiOkResponse({ type: [ClubRatingEntryDto] })
  clubMembers(@Param('clubId', ParseUUIDPipe) clubId: string, @CurrentUser() user: AuthUser): Promise<ClubRatingEntryDto[]> {
    return this.ratings.clubMembers(user, clubId);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Put('members/:memberId/publication')
  @ApiOperation({ summary: '"Niet publiceren" aan- of uitzetten voor een lid van de eigen vereniging (secretaris, bond)' })
  @ApiOkResponse({ type: PublicationResultDto })
  publication(@Param('memberId', ParseUUIDPipe) memberId: string, @Body() body: PublicationDto, @CurrentUser() user: AuthUser): Promise<PublicationResultDto> {
    return this.ratings.setPublication(user, memberId, body.doNotPublish);
  }

  @Roles('ADMIN')
  @Post('ratings/recompute')
  @ApiOperation({ summary: 'Alle ratings opnieuw berekenen uit de definitieve uitslagen (bondsbeheerder); volg de voortgang met GET ratings/jobs/{id}' })
  @ApiCreatedResponse({ type: RatingJobDto })
  async recompute(@CurrentUser() user: AuthUser): Promise<RatingJobDto> {
    return mapRatingJob(await this.store.startJob(user.id));
  }

  @Roles('ADMIN')
  @Get('ratings/jobs/:id')
  @ApiOperation({ summary: 'Voortgang van een herberekening (bondsbeheerder)' })
  @ApiOkResponse({ type: RatingJobDto })
  async job(@Param('id', ParseUUIDPipe) id: string): Promise<RatingJobDto> {
    return mapRatingJob(await this.store.job(id));
  }
}
