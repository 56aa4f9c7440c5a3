import { Module } from '@nestjs/common';
import { MatchesModule } from '../matches/matches.module';
import { ConsoleController } from './console.controller';
import { ConsoleService } from './console.service';
import { NightController } from './night.controller';
import { NightService } from './night.service';
import { TableController } from './table.controller';
import { TableService } from './table.service';
import { RateLimitStore } from '../common/rate-limit-store';
import { PrismaService } from '../prisma/prisma.service';
import { TableThrottle } from './table-throttle';

/** The match night at the table (issue 15, Regel 15, 22, 35B, 38): table codes, the table's entries and signatures, the supervisor's console, the final confirmation. */
@Module({
  imports: [MatchesModule],
  controllers: [NightController, TableController, ConsoleController],
  providers: [NightService, TableService, ConsoleService, { provide: TableThrottle, useFactory: (prisma: PrismaService) => new TableThrottle(new RateLimitStore(prisma)), inject: [PrismaService] }],
})
export class MatchNightModule {}
