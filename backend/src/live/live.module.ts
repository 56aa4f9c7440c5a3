import { Module } from '@nestjs/common';
import { LiveController } from './live.controller';
import { LiveService } from './live.service';
import { LiveStreams } from './live-streams';

/** The public live pages' API: live pictures of a match and a match night, and their event streams (LiveEvents comes from LiveEventsModule, global). */
@Module({
  controllers: [LiveController],
  providers: [LiveService, LiveStreams],
  exports: [LiveService],
})
export class LiveModule {}
