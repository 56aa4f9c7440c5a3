import { Module } from '@nestjs/common';
import { EligibilityController } from './eligibility.controller';
import { EligibilityService } from './eligibility.service';
import { MemberEntriesService } from './member-entries.service';
import { MemberImportService } from './member-import.service';
import { MemberListRestoreService } from './member-list-restore.service';
import { MemberListsController } from './member-lists.controller';
import { MemberListsService } from './member-lists.service';
import { PlayerEligibilityService } from './player-eligibility.service';
import { SanctionsService } from './sanctions.service';
import { TransfersController } from './transfers.controller';
import { TransfersService } from './transfers.service';

@Module({
  controllers: [MemberListsController, TransfersController, EligibilityController],
  providers: [MemberListsService, MemberImportService, MemberListRestoreService, MemberEntriesService, SanctionsService, TransfersService, EligibilityService, PlayerEligibilityService],
  exports: [PlayerEligibilityService],
})
export class MemberListsModule {}
