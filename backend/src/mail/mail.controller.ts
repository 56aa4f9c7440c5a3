import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/decorators';
import { MailLogService } from './mail-log.service';
import { CaughtMailDto, MailSettingsDto, OutgoingMailDto } from './mail.dto';

@ApiTags('mail')
@Roles('ADMIN')
@Controller('mail')
export class MailController {
  constructor(private readonly log: MailLogService) {}

  @Get('settings')
  @ApiOperation({ summary: 'Waar de mail naartoe gaat (bondsbeheerder)' })
  @ApiOkResponse({ type: MailSettingsDto })
  settings(): MailSettingsDto {
    return this.log.settings();
  }

  @Get('outgoing')
  @ApiOperation({ summary: 'Verzonden mail, nieuwste eerst (de laatste 200; bondsbeheerder)' })
  @ApiOkResponse({ type: [OutgoingMailDto] })
  outgoing(): Promise<OutgoingMailDto[]> {
    return this.log.outgoing();
  }

  @Get('caught')
  @ApiOperation({ summary: 'Mail die de lokale mail catcher ontving, nieuwste eerst (de laatste 200; bondsbeheerder)' })
  @ApiOkResponse({ type: [CaughtMailDto] })
  caught(): Promise<CaughtMailDto[]> {
    return this.log.caught();
  }
}
