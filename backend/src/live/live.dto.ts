/**
 * The public live answers (issue 15, part 5): per set and table the signed (or decided, or
 * credited by the rules) score, the running totals and the match's state. Players by
 * family name only (Regel 15): no given names, member numbers or ids of persons.
 */
import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsUUID, Matches, Max, Min } from 'class-validator';
import { isoDate } from '../common/dto';
import { countsPublicly, unsignedWords, LIVE_MATCH_STATES, LIVE_SEAT_STATES, LiveMatchPicture, LiveMatchState, LiveSeatState } from '../domain/live/live-match';
import { IsOptionalNotNull } from '../common/validators';
import { ApiFinality } from '../matches/match.dto';

/** Shown instead of scores while the season's liveScores setting is off and the match is not locked. */
export const SCORES_HIDDEN_NOTICE =
  'Tijdens de speelavond toont de bond geen tussenstanden. De uitslag verschijnt hier zodra hij definitief is.';

export class LiveRoundQueryDto {
  @ApiProperty({ format: 'uuid' }) @IsUUID() divisionId: string;
  @ApiProperty({ minimum: 1, description: 'Speelronde (de speelavond)' }) @Type(() => Number) @IsInt() @Min(1) @Max(1000) round: number;
}

/** A live stream's options: `answer=1` puts the whole live answer in every message (an app); without it a message carries its version (a page re-reads itself). */
export class LiveStreamQueryDto {
  @ApiPropertyOptional({ enum: ['1'], description: '1: elk bericht bevat het hele live-antwoord (zoals GET …/live); anders alleen de versie' })
  @IsOptionalNotNull()
  @IsIn(['1'])
  answer?: '1';
}

export class LiveRoundStreamQueryDto extends IntersectionType(LiveRoundQueryDto, LiveStreamQueryDto) {}

/**
 * A read of the live answer that names the version it wants (a page reading what a message
 * announced, ?v= on its address): the answer of that version while this process still holds
 * it, even when a change came after it (the next message names the newer one); otherwise, and
 * without `version`, the current answer.
 */
export class LiveReadQueryDto {
  @ApiPropertyOptional({ description: 'De versie die een bericht noemde: dat antwoord zolang het er nog is, anders het huidige' })
  @IsOptionalNotNull()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, { message: 'version is een versie uit een live-bericht (letters, cijfers, - en _)' })
  version?: string;
}

export class LiveRoundReadQueryDto extends IntersectionType(LiveRoundQueryDto, LiveReadQueryDto) {}

export class LiveTeamDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty() clubName: string;
}

export class LiveTableDto {
  @ApiProperty() tableNumber: number;
  @ApiProperty() homePairNumber: number;
  @ApiProperty({ description: 'Het uitkoppel dat in deze set aan deze tafel zit (Regel 22)' }) awayPairNumber: number;
  @ApiProperty({ type: [String], description: 'Achternamen van het thuiskoppel in deze set (wissels meegerekend); leeg zonder spelerslijst' }) homeNames: string[];
  @ApiProperty({ type: [String], description: 'Achternamen van het uitkoppel in deze set' }) awayNames: string[];
  @ApiProperty({
    enum: LIVE_SEAT_STATES,
    enumName: 'LiveSeatState',
    description:
      'OPEN: nog niets openbaar (niet gespeeld, of ingevoerd maar niet ondertekend); SIGNED: ondertekend; DECIDED: beslist door de wedstrijdleider; CREDITED: bepaald door de regels; ' +
      'DISPUTED: betwist, de wedstrijdleider beslist (Regel 35B; geen stand tot dan)',
  })
  state: LiveSeatState;
  @ApiProperty({ nullable: true, type: Number, description: 'null zolang de set niet telt (OPEN, DISPUTED), of als tussenstanden verborgen zijn' }) homePoints: number | null;
  @ApiProperty({ nullable: true, type: Number }) awayPoints: number | null;
  @ApiProperty({ description: 'Gecorrigeerd: de wedstrijdleider besliste over de handtekening heen, of de regels kenden de set toe nadat hij was ondertekend' }) corrected: boolean;
}

export class LiveSetDto {
  @ApiProperty() setNumber: number;
  @ApiProperty({ nullable: true, type: Number, description: 'Som van de openbare tafels van deze set; null als er nog geen is (of verborgen)' }) homePoints: number | null;
  @ApiProperty({ nullable: true, type: Number }) awayPoints: number | null;
  @ApiProperty({ description: 'Elke tafel van deze set is openbaar' }) complete: boolean;
  @ApiProperty({ type: [LiveTableDto] }) tables: LiveTableDto[];
}

export class LiveMatchDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty() divisionName: string;
  @ApiProperty() seasonName: string;
  @ApiProperty() round: number;
  @ApiProperty({ format: 'date' }) date: string;
  @ApiProperty({ example: '20:00' }) startTime: string;
  @ApiProperty({ nullable: true, type: String }) venue: string | null;
  @ApiProperty({ nullable: true, type: String }) city: string | null;
  @ApiProperty({ type: LiveTeamDto }) homeTeam: LiveTeamDto;
  @ApiProperty({ type: LiveTeamDto }) awayTeam: LiveTeamDto;
  @ApiProperty({
    enum: LIVE_MATCH_STATES,
    enumName: 'LiveMatchState',
    description:
      'NOT_STARTED: nog geen openbare set; IN_PROGRESS: bezig; COMPLETE: alle sets ondertekend, definitief aan het eind van het correctievenster (zie finality); ' +
      'CONFIRMED: definitief en vastgezet (hoe: finality); NOT_PLAYED: niet gespeeld, reglementair of afgelast',
  })
  state: LiveMatchState;
  @ApiFinality()
  finality: string | null;
  @ApiProperty({ description: 'De bond toont tijdens de speelavond geen tussenstanden (seizoensinstelling liveScores) en de wedstrijd is nog niet definitief' })
  scoresHidden: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Uitleg voor het publiek als de scores verborgen zijn' }) notice: string | null;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Lopende stand: de ondertekende, beslist en toegekende sets, dezelfde stand als op elk ander scherm (na definitief de uitslag); null als er niets telt',
  })
  homePoints: number | null;
  @ApiProperty({ nullable: true, type: Number }) awayPoints: number | null;
  @ApiProperty({ description: 'Aantal openbare sets × tafels' }) publicSeats: number;
  @ApiProperty({ description: 'Sets × tafels die zijn ingevoerd maar nog niet tellen (niet ondertekend, of betwist); hun stand is niet openbaar' }) unsignedSeats: number;
  @ApiProperty({ nullable: true, type: String, example: '+ 2 sets nog niet ondertekend', description: 'Hetzelfde in de woorden van elk scherm; null als er geen is' }) unsigned: string | null;
  @ApiProperty({ description: 'Sets × tafels van de wedstrijd' }) totalSeats: number;
  @ApiProperty({ type: [LiveSetDto] }) sets: LiveSetDto[];
  @ApiProperty({
    example: 'q3Jm1c0VbB2xk9Tf',
    description: 'Versie van dit antwoord (een hash van wat het toont; gelijk in elk API-proces): ook de ETag, en de `version` van de live-berichten. Een pagina met deze versie hoeft niet opnieuw te lezen',
  })
  version: string;
}

export class LiveRoundDto {
  @ApiProperty({ format: 'uuid' }) divisionId: string;
  @ApiProperty() divisionName: string;
  @ApiProperty() seasonName: string;
  @ApiProperty() round: number;
  @ApiProperty({ description: 'De seizoensinstelling liveScores staat uit: alleen definitieve wedstrijden tonen scores' }) scoresHidden: boolean;
  @ApiProperty({ nullable: true, type: String }) notice: string | null;
  @ApiProperty({ type: [LiveMatchDto], description: 'Elke wedstrijd van de ronde, op datum en thuisteam' }) matches: LiveMatchDto[];
  @ApiProperty({
    example: 'q3Jm1c0VbB2xk9Tf',
    description: 'Versie van dit antwoord (een hash van wat het toont; gelijk in elk API-proces): ook de ETag, en de `version` van de live-berichten. Een pagina met deze versie hoeft niet opnieuw te lezen',
  })
  version: string;
}

export interface LiveMatchHeader {
  id: string;
  divisionId: string;
  divisionName: string;
  seasonName: string;
  round: number;
  date: Date;
  startTime: string;
  venue: string | null;
  city: string | null;
  homeTeam: LiveTeamDto;
  awayTeam: LiveTeamDto;
  /** The locked result's totals (CONFIRMED), which also cover a match without sets. */
  confirmedTotals: { homePoints: number | null; awayPoints: number | null } | null;
  /** How it became final, or becomes final (finalityWords). */
  finality: string | null;
}

/** The family names of the two pairs at one seat. */
export type SeatNames = (seat: { setNumber: number; homePairNumber: number; awayPairNumber: number }) => { homeNames: string[]; awayNames: string[] };

/** The live answer of a match, without its version (LiveService adds it: a hash of this). */
export function mapLiveMatch(header: LiveMatchHeader, picture: LiveMatchPicture, scoresHidden: boolean, names: SeatNames): Omit<LiveMatchDto, 'version'> {
  const setNumbers = [...new Set(picture.seats.map((s) => s.setNumber))];
  const totals = header.confirmedTotals ?? { homePoints: picture.homePoints, awayPoints: picture.awayPoints };
  return {
    id: header.id,
    divisionId: header.divisionId,
    divisionName: header.divisionName,
    seasonName: header.seasonName,
    round: header.round,
    date: isoDate(header.date),
    startTime: header.startTime,
    venue: header.venue,
    city: header.city,
    homeTeam: header.homeTeam,
    awayTeam: header.awayTeam,
    state: picture.state,
    finality: header.finality,
    scoresHidden,
    notice: scoresHidden ? SCORES_HIDDEN_NOTICE : null,
    homePoints: scoresHidden ? null : totals.homePoints,
    awayPoints: scoresHidden ? null : totals.awayPoints,
    publicSeats: picture.publicSeats,
    unsignedSeats: header.confirmedTotals ? 0 : picture.unsignedSeats,
    unsigned: header.confirmedTotals ? null : unsignedWords({ unsignedSeats: picture.unsignedSeats, unsignedHomePoints: 0, unsignedAwayPoints: 0 }, false),
    totalSeats: picture.totalSeats,
    sets: setNumbers.map((setNumber) => {
      const seats = picture.seats.filter((s) => s.setNumber === setNumber);
      const scored = seats.filter((s) => s.homePoints !== null);
      return {
        setNumber,
        homePoints: scored.length ? scored.reduce((sum, s) => sum + s.homePoints!, 0) : null,
        awayPoints: scored.length ? scored.reduce((sum, s) => sum + s.awayPoints!, 0) : null,
        complete: seats.every((s) => countsPublicly(s.state)),
        tables: seats.map((s) => ({
          tableNumber: s.tableNumber,
          homePairNumber: s.homePairNumber,
          awayPairNumber: s.awayPairNumber,
          ...names(s),
          state: s.state,
          homePoints: s.homePoints,
          awayPoints: s.awayPoints,
          corrected: s.corrected,
        })),
      };
    }),
  };
}
