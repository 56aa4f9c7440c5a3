import { Module } from '@nestjs/common';
import { SeasonTakeOverController } from './season-takeover.controller';
import { SeasonTakeOverService } from './season-takeover.service';

/** Preparing a season: last season's divisions and teams taken over (issue 23 item 11). */
@Module({ controllers: [SeasonTakeOverController], providers: [SeasonTakeOverService] })
export class SeasonTakeOverModule {}
