import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { FederationLogDto, FederationLogQueryDto } from './federation-log.dto';
import { FederationLogService } from './federation-log.service';

@ApiTags('audit')
@Controller('federation-log')
export class FederationLogController {
  constructor(private readonly log: FederationLogService) {}

  @Roles('ADMIN')
  @Get()
  @ApiOperation({ summary: 'Het logboek van de bond: moederlijsten, boetes, seizoen, gebruikers en back-ups, wie wat wanneer (bondsbeheerder)' })
  @ApiOkResponse({ type: FederationLogDto })
  list(@Query() query: FederationLogQueryDto): Promise<FederationLogDto> {
    return this.log.list(query);
  }
}
