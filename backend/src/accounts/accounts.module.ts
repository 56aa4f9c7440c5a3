import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { AccountsController, InvitationsController } from './accounts.controller';
import { AccountsService } from './accounts.service';

@Module({
  imports: [AuthModule],
  controllers: [AccountsController, InvitationsController],
  providers: [AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}
