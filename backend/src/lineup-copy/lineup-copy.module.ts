import { Module } from '@nestjs/common';
import { MemberListsModule } from '../member-lists/member-lists.module';
import { SeasonsModule } from '../seasons/seasons.module';
import { PreviousLineupController } from './previous-lineup.controller';
import { PreviousLineupService } from './previous-lineup.service';

/** "Opstelling van vorige wedstrijd overnemen": a draft from the team's previous line-up (issue 23 item 11). */
@Module({ imports: [MemberListsModule, SeasonsModule], controllers: [PreviousLineupController], providers: [PreviousLineupService] })
export class LineupCopyModule {}
