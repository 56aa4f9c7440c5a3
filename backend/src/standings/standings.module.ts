import { Module } from '@nestjs/common';
import { SeasonsModule } from '../seasons/seasons.module';
import { PlayoffsService } from './playoffs.service';
import { ProgrammeService } from './programme.service';
import { StandingsController } from './standings.controller';
import { StandingsService } from './standings.service';

@Module({
  imports: [SeasonsModule],
  controllers: [StandingsController],
  providers: [StandingsService, PlayoffsService, ProgrammeService],
  exports: [StandingsService],
})
export class StandingsModule {}
