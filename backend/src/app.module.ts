import { Module } from '@nestjs/common';
import { AuditModule } from './audit/audit.module';
import { AuthModule } from './auth/auth.module';
import { BackupModule } from './backup/backup.module';
import { ClubsModule } from './clubs/clubs.module';
import { DivisionsModule } from './divisions/divisions.module';
import { FinesModule } from './fines/fines.module';
import { HealthController } from './health/health.controller';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { LineupCopyModule } from './lineup-copy/lineup-copy.module';
import { LiveEventsModule } from './live/live-events.module';
import { LiveModule } from './live/live.module';
import { MailModule } from './mail/mail.module';
import { MatchesModule } from './matches/matches.module';
import { MatchNightModule } from './match-night/match-night.module';
import { MemberListsModule } from './member-lists/member-lists.module';
import { MetricsModule } from './metrics/metrics.module';
import { PrismaModule } from './prisma/prisma.module';
import { RatingsModule } from './ratings/ratings.module';
import { RemindersModule } from './reminders/reminders.module';
import { SeasonTakeOverModule } from './season-takeover/season-takeover.module';
import { SeasonTransferModule } from './season-transfer/season-transfer.module';
import { SeasonsModule } from './seasons/seasons.module';
import { StandingsModule } from './standings/standings.module';
import { TeamsModule } from './teams/teams.module';
import { UsersModule } from './users/users.module';

@Module({
  imports: [
    PrismaModule,
    AuditModule,
    MailModule,
    LiveEventsModule,
    AuthModule,
    IdempotencyModule,
    SeasonsModule,
    DivisionsModule,
    ClubsModule,
    TeamsModule,
    UsersModule,
    MemberListsModule,
    MatchesModule,
    MatchNightModule,
    LineupCopyModule,
    StandingsModule,
    LiveModule,
    SeasonTransferModule,
    SeasonTakeOverModule,
    FinesModule,
    RemindersModule,
    RatingsModule,
    BackupModule,
    MetricsModule,
  ],
  controllers: [HealthController],
})
export class AppModule {}
