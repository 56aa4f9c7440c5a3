import { CancelledAveragesService } from './cancelled-averages.service';
import { Module } from '@nestjs/common';
import { FinesModule } from '../fines/fines.module';
import { MemberListsModule } from '../member-lists/member-lists.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { ConsequencesService } from './consequences.service';
import { ExportsController } from './exports.controller';
import { MatchFinaliserService } from './match-finaliser.service';
import { ExportsService } from './exports.service';
import { FixturesController } from './fixtures.controller';
import { FixturesService } from './fixtures.service';
import { LatePairsController } from './late-pairs.controller';
import { LatePairsService } from './late-pairs.service';
import { LateTeamsController } from './late-teams.controller';
import { LateTeamsService } from './late-teams.service';
import { LineupsService } from './lineups.service';
import { ReserveLookupController } from './reserve-lookup.controller';
import { ReserveLookupService } from './reserve-lookup.service';
import { MatchDataService } from './match-data.service';
import { MatchDayController } from './match-day.controller';
import { MatchWriterService } from './match-writer.service';
import { NotPlayedController } from './not-played.controller';
import { NotPlayedService } from './not-played.service';
import { ResultsService } from './results.service';
import { ScoreFactsService } from './score-facts.service';
import { SignaturesService } from './signatures.service';
import { SubstitutionsService } from './substitutions.service';
import { SupervisorActionsController } from './supervisor-actions.controller';
import { SupervisorActionsService } from './supervisor-actions.service';

/** Match day (Regel 4–9, 12–15, 22, 29–34): fixtures, line-ups, results, substitutions, signatures, matches not played, exports. */
@Module({
  imports: [FinesModule, SeasonsModule, MemberListsModule],
  controllers: [FixturesController, MatchDayController, NotPlayedController, ExportsController, SupervisorActionsController, LatePairsController, LateTeamsController, ReserveLookupController],
  providers: [
    CancelledAveragesService,
    MatchDataService,
    MatchWriterService,
    ConsequencesService,
    FixturesService,
    LineupsService,
    ReserveLookupService,
    ResultsService,
    SubstitutionsService,
    SignaturesService,
    NotPlayedService,
    ExportsService,
    SupervisorActionsService,
    LatePairsService,
    ScoreFactsService,
    MatchFinaliserService,
    LateTeamsService,
  ],
  exports: [MatchDataService, MatchWriterService, MatchFinaliserService],
})
export class MatchesModule {}
