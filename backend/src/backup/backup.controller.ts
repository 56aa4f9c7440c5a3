import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { BackupStatusDto, toBackupRunDto } from './backup.dto';
import { BackupService } from './backup.service';
import { toRestoreDrillDto } from './restore-drill.dto';
import { RestoreDrillService } from './restore-drill.service';

@ApiTags('backups')
@Controller('backups')
export class BackupController {
  constructor(
    private readonly backups: BackupService,
    private readonly drills: RestoreDrillService,
  ) {}

  @Roles('ADMIN')
  @Get('status')
  @ApiOperation({ summary: 'De laatste goede back-up (tijd, grootte, waar), een mislukte poging daarna en de laatste hersteltest (beheerder)' })
  @ApiOkResponse({ type: BackupStatusDto })
  async status(): Promise<BackupStatusDto> {
    const [status, lastDrill] = await Promise.all([this.backups.status(), this.drills.lastDrill()]);
    return { lastSuccess: toBackupRunDto(status.lastSuccess), lastFailure: toBackupRunDto(status.lastFailure), running: status.running, lastDrill: toRestoreDrillDto(lastDrill) };
  }
}
