import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { BackupStatusDto, toBackupRunDto } from './backup.dto';
import { BackupService } from './backup.service';

@ApiTags('backups')
@Controller('backups')
export class BackupController {
  constructor(private readonly backups: BackupService) {}

  @Roles('ADMIN')
  @Get('status')
  @ApiOperation({ summary: 'De laatste goede back-up (tijd, grootte, waar) en een mislukte poging daarna (beheerder)' })
  @ApiOkResponse({ type: BackupStatusDto })
  async status(): Promise<BackupStatusDto> {
    const status = await this.backups.status();
    return { lastSuccess: toBackupRunDto(status.lastSuccess), lastFailure: toBackupRunDto(status.lastFailure), running: status.running };
  }
}
