import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../auth/decorators';
import { ForbiddenError } from '../common/errors';
import { metricsAccess } from './metrics-access';
import { MetricsService } from './metrics.service';

@ApiTags('health')
@Controller('metrics')
export class MetricsController {
  private readonly allowed = metricsAccess(process.env.TRUSTED_PROXIES, process.env.METRICS_TOKEN);

  constructor(private readonly metrics: MetricsService) {}

  @Public()
  @Get()
  @ApiProduces('text/plain')
  @ApiOperation({ summary: 'Prometheus-metrieken (alleen vanaf TRUSTED_PROXIES of met Authorization: Bearer METRICS_TOKEN)' })
  @ApiOkResponse({ description: 'Metrieken in het tekstformaat van Prometheus', schema: { type: 'string' } })
  @ApiForbiddenResponse({ description: 'Niet vanaf een vertrouwd adres en zonder geldig token (code METRICS_FORBIDDEN).' })
  async scrape(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    if (!this.allowed(request.ip, request.headers.authorization)) {
      throw new ForbiddenError('De metrieken zijn alleen te lezen vanaf een vertrouwd adres of met het metrics-token.', 'METRICS_FORBIDDEN');
    }
    const text = await this.metrics.metrics();
    // set only here: a refusal is the JSON error envelope
    reply.header('Content-Type', this.metrics.registry.contentType).header('Cache-Control', 'no-store');
    return text;
  }
}
