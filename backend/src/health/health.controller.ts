import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/decorators';
import { DatabaseUnavailableError, databaseOutage } from '../prisma/database-outage';
import { PrismaService } from '../prisma/prisma.service';

export class LivenessDto {
  @ApiProperty({ example: 'ok' }) status: string;
}

export class HealthDto {
  @ApiProperty({ example: 'ok' }) status: string;
  @ApiProperty({ example: 'ok' }) database: string;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly prisma: PrismaService) {}

  @Public()
  @Get()
  @ApiOperation({ summary: 'Draait de API en bereikt hij de database?' })
  @ApiOkResponse({ type: HealthDto })
  @ApiServiceUnavailableResponse({ description: 'De database is niet bereikbaar (code DATABASE_UNAVAILABLE).' })
  async health(): Promise<HealthDto> {
    try {
      await this.prisma.$queryRaw`SELECT 1`;
    } catch (error) {
      // Whatever stops SELECT 1, the database is not usable: 503, logged once per outage.
      databaseOutage.failed(error);
      throw new DatabaseUnavailableError();
    }
    return { status: 'ok', database: 'ok' };
  }

  /**
   * Is the process up and answering? Touches no database: what a load balancer's liveness
   * probe asks, and the bench's baseline for the cost of the request pipeline alone.
   */
  @Public()
  @Get('live')
  @ApiOperation({ summary: 'Draait de API? (zonder de database te raadplegen)' })
  @ApiOkResponse({ type: LivenessDto })
  live(): LivenessDto {
    return { status: 'ok' };
  }
}
