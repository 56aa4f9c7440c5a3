import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { NotificationPreferencesDto, TodoDto, UpdateNotificationPreferencesDto } from './reminder.dto';
import { PreferencesService } from './preferences.service';
import { TodoService } from './todo.service';

@ApiTags('reminders')
@Controller()
export class RemindersController {
  constructor(
    private readonly preferences: PreferencesService,
    private readonly todo: TodoService,
  ) {}

  @Roles('ADMIN', 'SECRETARY', 'SUPERVISOR')
  @Get('me/notifications')
  @ApiOperation({ summary: 'Welke herinneringen u krijgt, en uw laatste herinneringen (elke rol, alleen uw eigen)' })
  @ApiOkResponse({ type: NotificationPreferencesDto })
  get(@CurrentUser() user: AuthUser): Promise<NotificationPreferencesDto> {
    return this.preferences.get(user.id);
  }

  @Roles('ADMIN', 'SECRETARY', 'SUPERVISOR')
  @Put('me/notifications')
  @ApiOperation({ summary: 'Kiezen welke herinneringen u krijgt, of één weekoverzicht (elke rol, alleen uw eigen)' })
  @ApiOkResponse({ type: NotificationPreferencesDto })
  update(@Body() body: UpdateNotificationPreferencesDto, @CurrentUser() user: AuthUser): Promise<NotificationPreferencesDto> {
    return this.preferences.update(user.id, body);
  }

  @Roles('ADMIN', 'SECRETARY', 'SUPERVISOR')
  @Get('todo')
  @ApiOperation({
    summary: 'Te doen: bondsbeheerder alle verenigingen; secretaris alleen de eigen vereniging; wedstrijdleider geschillen en onmogelijke standen',
  })
  @ApiOkResponse({ type: TodoDto })
  list(@CurrentUser() user: AuthUser): Promise<TodoDto> {
    return this.todo.list(user);
  }
}
