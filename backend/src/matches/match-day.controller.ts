import { wholeNumberParam } from '../common/validation';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { ChangeReasonDto, LineupInputDto, SubstitutionDto, SubstitutionInputDto, TeamLineupDto } from './lineup.dto';
import { LineupsService } from './lineups.service';
import { MatchDetailDto } from './match.dto';
import { CorrectionInputDto, DisputeInputDto, FormDecisionInputDto, MatchRemarkDto, RemarkInputDto, ResultEntryInputDto, SetInputDto, SignatureInputDto, StaleVersionErrorDto } from './result.dto';
import { ResultsService } from './results.service';
import { SignaturesService } from './signatures.service';
import { SubstitutionsService } from './substitutions.service';

const STALE = {
  type: StaleVersionErrorDto,
  description: 'STALE_VERSION: iemand anders sloeg intussen een nieuwere versie op (details[0].current); of RESULT_LOCKED / MATCH_NOT_PLAYED / ENTRY_NOT_OPEN (vóór de wedstrijddag)',
};
const ENTRY_WINDOW =
  'Kan vanaf de wedstrijddag (Europe/Amsterdam); daarvoor 409 ENTRY_NOT_OPEN met de dag waarop het kan. De bondsbeheerder mag eerder, met een reden (reason) die in het logboek komt.';
const SUPERVISOR_REASON_QUERY = { name: 'reason', required: false, description: 'Verplicht voor de wedstrijdleider (komt in het logboek), en als de uitslag al vaststaat (bondsbeheerder)' };
const SUPERVISOR_CHANGE =
  'De wedstrijdleider aan tafel: altijd met een reden (400 VALIDATION_FAILED zonder), vanaf de wedstrijddag (409 ENTRY_NOT_OPEN), niet na vaststelling (409 RESULT_LOCKED).';

@ApiTags('match day')
@Controller('matches/:id')
export class MatchDayController {
  constructor(
    private readonly lineups: LineupsService,
    private readonly results: ResultsService,
    private readonly substitutions: SubstitutionsService,
    private readonly signatures: SignaturesService,
  ) {}

  @Roles('ADMIN', 'SECRETARY', 'SUPERVISOR')
  @Get('lineups/:teamId')
  @ApiOperation({
    summary: 'Spelerslijst van een team met speelgerechtigdheid en de kandidaten van de moederlijst (eigen secretaris, bondsbeheerder, wedstrijdleider)',
    description: 'De wedstrijdleider krijgt alleen achternamen en geen kandidaten (Regel 15).',
  })
  @ApiOkResponse({ type: TeamLineupDto })
  lineup(@Param('id', ParseUUIDPipe) id: string, @Param('teamId', ParseUUIDPipe) teamId: string, @CurrentUser() user: AuthUser): Promise<TeamLineupDto> {
    return this.lineups.view(id, teamId, user);
  }

  @Roles('ADMIN', 'SECRETARY', 'SUPERVISOR')
  @Put('lineups/:teamId')
  @ApiOperation({
    summary: 'Spelerslijst vastleggen: koppels, laatkomers en reserves (eigen secretaris, bondsbeheerder; de wedstrijdleider alleen reserves)',
    description:
      'Elke speler wordt op de wedstrijddatum getoetst (Regel 3B, 4); een niet-speelgerechtigde speler wordt vastgelegd en gemarkeerd. Na bevestiging alleen nog door de bondsbeheerder, met reden. ' +
      'Vóór de wedstrijd samengesteld (Regel 5D/5E) is de spelerslijst als hij vóór de aanvang voor het eerst is opgeslagen; alleen de bondsbeheerder legt het anders vast, met reden. ' +
      'De reserves staan vast zodra set 1 begint; daarna voegt alleen de wedstrijdleider of de bond een reserve toe, met reden. Een laat koppel dat de wedstrijdleider vastlegde, wijzigt de vereniging niet. ' +
      'Is het formulier ondertekend of de wedstrijd compleet, dan wijzigt de vereniging niets meer (de klok loopt door).',
  })
  @ApiOkResponse({ type: TeamLineupDto })
  saveLineup(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('teamId', ParseUUIDPipe) teamId: string,
    @Body() body: LineupInputDto,
    @CurrentUser() user: AuthUser,
  ): Promise<TeamLineupDto> {
    return this.lineups.save(id, teamId, body, user);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Put('result')
  @ApiOperation({
    summary: 'Uitslag invoeren, partij voor partij of als setstanden; vervangt alle ingevoerde sets (secretaris thuisploeg, bondsbeheerder)',
    description:
      'Onmogelijke setstanden worden geweigerd (400 INVALID_SCORE) met een melding die set en tafel noemt. Elke invoer laat de handtekening van de thuisploeg vervallen: ' +
      'daarna ondertekent de thuisploeg opnieuw (POST …/sign). ' +
      ENTRY_WINDOW,
  })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse(STALE)
  putResult(@Param('id', ParseUUIDPipe) id: string, @Body() body: ResultEntryInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.results.putResult(id, body, user);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Put('sets/:setNumber')
  @ApiOperation({ summary: 'Eén set invoeren: de tafels van die set, scherm voor scherm (secretaris thuisploeg, bondsbeheerder)', description: ENTRY_WINDOW })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse(STALE)
  putSet(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('setNumber', wholeNumberParam('setNumber')) setNumber: number,
    @Body() body: SetInputDto,
    @CurrentUser() user: AuthUser,
  ): Promise<MatchDetailDto> {
    return this.results.putSet(id, setNumber, body, user);
  }

  @Roles('ADMIN', 'SECRETARY', 'SUPERVISOR')
  @Post('substitutions')
  @ApiOperation({
    summary: 'Wissel vastleggen (eigen secretaris, bondsbeheerder, wedstrijdleider met reden)',
    description:
      'Ook een wissel die niet mag wordt vastgelegd, met de overtreding (Regel 13, 14); het koppel verliest dan vanaf die set elke set met 8–0. ' +
      'Een wissel nadat de thuisploeg tekende, vraagt een nieuwe handtekening van de thuisploeg (Regel 15). ' +
      SUPERVISOR_CHANGE,
  })
  @ApiQuery(SUPERVISOR_REASON_QUERY)
  @ApiCreatedResponse({ type: SubstitutionDto })
  addSubstitution(
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: SubstitutionInputDto,
    @Query() query: ChangeReasonDto,
    @CurrentUser() user: AuthUser,
  ): Promise<SubstitutionDto> {
    return this.substitutions.add(id, body, user, query.reason);
  }

  @Roles('ADMIN', 'SECRETARY', 'SUPERVISOR')
  @Delete('substitutions/:substitutionId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Verkeerd ingevoerde wissel verwijderen (eigen secretaris, bondsbeheerder, wedstrijdleider met reden)', description: SUPERVISOR_CHANGE })
  @ApiQuery(SUPERVISOR_REASON_QUERY)
  @ApiNoContentResponse()
  removeSubstitution(
    @Param('id', ParseUUIDPipe) id: string,
    @Param('substitutionId', ParseUUIDPipe) substitutionId: string,
    @Query() query: ChangeReasonDto,
    @CurrentUser() user: AuthUser,
  ): Promise<void> {
    return this.substitutions.remove(id, substitutionId, user, query.reason, query.idempotencyKey);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Post('sign')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Uitslag ondertekenen na controle van het overzicht (secretaris thuisploeg, bondsbeheerder)',
    description:
      'Vereist beide spelerslijsten en een volledige uitslag (422 LINEUP_MISSING / INCOMPLETE_RESULT). Beantwoordt ook een betwisting: de uitslag gaat weer naar de uitploeg. ' +
      ENTRY_WINDOW,
  })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse(STALE)
  sign(@Param('id', ParseUUIDPipe) id: string, @Body() body: SignatureInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.signatures.sign(id, body, user);
  }

  @Roles('SECRETARY')
  @Post('dispute')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Niet akkoord: de uitploeg betwist de ondertekende uitslag, met een opmerking (secretaris uitploeg)',
    description:
      'Alleen het papieren formulier: de weigering gaat naar de wedstrijdleider, wiens beslissing (POST dispute/decision) de uitslag definitief maakt; intussen wijzigt de thuisploeg niets (409 DISPUTE_WITH_SUPERVISOR). ' +
      'Sets die aan tafel zijn ondertekend of door de wedstrijdleider beslist, betwist een vereniging niet (422 CLUB_DISPUTE_REFUSED, Regel 35B): voeg een opmerking toe (POST remarks). ' +
      'Alleen een door de thuisploeg ondertekende uitslag (422 HOME_NOT_SIGNED); niet na vaststelling (409 RESULT_LOCKED).',
  })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse(STALE)
  dispute(@Param('id', ParseUUIDPipe) id: string, @Body() body: DisputeInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.signatures.dispute(id, body, user);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Uitslag bevestigen en daarmee vastzetten (secretaris uitploeg, bondsbeheerder)',
    description:
      'Vereist beide spelerslijsten, een volledige uitslag en de handtekening van de thuisploeg (422 LINEUP_MISSING / INCOMPLETE_RESULT / HOME_NOT_SIGNED). ' +
      'Zijn beide teams van dezelfde vereniging, dan bevestigt alleen de bondsbeheerder (403 SAME_CLUB). Past Regel 4 toe en stelt de boetes voor die uit de feiten volgen. ' +
      ENTRY_WINDOW,
  })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse(STALE)
  confirm(@Param('id', ParseUUIDPipe) id: string, @Body() body: SignatureInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.signatures.confirm(id, body, user);
  }

  @Roles('ADMIN', 'SUPERVISOR')
  @Post('dispute/decision')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Beslissen over de weigering van de uitploeg (papieren formulier), met reden: de uitslag wordt definitief (wedstrijdleider, bondsbeheerder)',
    description: 'Zonder sets geldt het formulier zoals de thuisploeg het ondertekende; met sets het formulier zoals beslist. Alleen bij een weigering (409 NOT_DISPUTED).',
  })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse(STALE)
  decide(@Param('id', ParseUUIDPipe) id: string, @Body() body: FormDecisionInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.signatures.decide(id, body, user);
  }

  @Roles('ADMIN', 'SECRETARY')
  @Post('remarks')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Opmerking van een teamleider bij de wedstrijd, voor de wedstrijdleider en de bond (Regel 35B); heropent niets, ook na definitief',
    description: 'Secretaris van een van beide verenigingen (403 OTHER_CLUB voor een andere). Antwoordt alle opmerkingen bij de wedstrijd.',
  })
  @ApiCreatedResponse({ type: [MatchRemarkDto] })
  addRemark(@Param('id', ParseUUIDPipe) id: string, @Body() body: RemarkInputDto, @CurrentUser() user: AuthUser): Promise<MatchRemarkDto[]> {
    return this.signatures.remark(id, body, user);
  }

  @Roles('ADMIN', 'SUPERVISOR')
  @Post('remarks/:remarkId/handled')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Opmerking van een teamleider als afgehandeld markeren (wedstrijdleider, bondsbeheerder): weg uit Te doen, in het logboek',
    description: 'Een tweede keer verandert niets. Antwoordt alle opmerkingen bij de wedstrijd.',
  })
  @ApiOkResponse({ type: [MatchRemarkDto] })
  handleRemark(@Param('id', ParseUUIDPipe) id: string, @Param('remarkId', ParseUUIDPipe) remarkId: string, @CurrentUser() user: AuthUser): Promise<MatchRemarkDto[]> {
    return this.signatures.handleRemark(id, remarkId, user);
  }

  @Roles('ADMIN', 'SUPERVISOR', 'SECRETARY')
  @Get('remarks')
  @ApiOperation({ summary: 'Opmerkingen van de teamleiders bij de wedstrijd (wedstrijdleider, bond, secretarissen van beide verenigingen)' })
  @ApiOkResponse({ type: [MatchRemarkDto] })
  remarks(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<MatchRemarkDto[]> {
    return this.signatures.remarks(id, user);
  }

  @Roles('ADMIN', 'SUPERVISOR')
  @Post('corrections')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Vastgezette uitslag corrigeren, met reden; het logboek bewaart ervoor en erna (wedstrijdleider, bondsbeheerder)',
    description: 'Zelfde invoer als de uitslag (alle gespeelde sets); de uitslag moet daarna volledig zijn.',
  })
  @ApiOkResponse({ type: MatchDetailDto })
  @ApiConflictResponse(STALE)
  correct(@Param('id', ParseUUIDPipe) id: string, @Body() body: CorrectionInputDto, @CurrentUser() user: AuthUser): Promise<MatchDetailDto> {
    return this.signatures.correct(id, body, user);
  }
}
