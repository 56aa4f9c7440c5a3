import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Roles } from '../auth/decorators';
import { CreateUserDto, UpdateUserDto, UserDto } from './user.dto';
import { UsersService } from './users.service';

@ApiTags('users')
@Roles('ADMIN')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({ summary: 'Gebruikers (bondsbeheerder)' })
  @ApiOkResponse({ type: [UserDto] })
  list(): Promise<UserDto[]> {
    return this.users.list();
  }

  @Post()
  @ApiOperation({ summary: 'Gebruiker aanmaken (bondsbeheerder)' })
  @ApiCreatedResponse({ type: UserDto })
  create(@Body() body: CreateUserDto, @CurrentUser() user: AuthUser): Promise<UserDto> {
    return this.users.create(body, user);
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Gebruiker wijzigen (bondsbeheerder)' })
  @ApiOkResponse({ type: UserDto })
  update(@Param('id', ParseUUIDPipe) id: string, @Body() body: UpdateUserDto, @CurrentUser() user: AuthUser): Promise<UserDto> {
    return this.users.update(id, body, user);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Gebruiker archiveren (bondsbeheerder)' })
  @ApiOkResponse({ type: UserDto })
  archive(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<UserDto> {
    return this.users.archive(id, user);
  }
}
