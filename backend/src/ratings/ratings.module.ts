import { Module } from '@nestjs/common';
import { RatingsStoreService } from './ratings-store.service';
import { RatingsController } from './ratings.controller';
import { RatingsService } from './ratings.service';

/** Player ratings and statistics (issue 24): read from final matches; LiveEventsModule is global. */
@Module({
  controllers: [RatingsController],
  providers: [RatingsService, RatingsStoreService],
  exports: [RatingsStoreService],
})
export class RatingsModule {}
