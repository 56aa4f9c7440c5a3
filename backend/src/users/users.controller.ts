import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Req } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, type AuthUser } from '../auth/auth.types';
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
  @ApiOperation({ summary: 'Gebruiker wijzigen (bondsbeheerder); een nieuw wachtwoord beëindigt de sessies van die gebruiker' })
  @ApiOkResponse({ type: UserDto })
  update(@Param('id', ParseUUIDPipe) id: string, @Body() body: UpdateUserDto, @CurrentUser() user: AuthUser, @Req() req: FastifyRequest): Promise<UserDto> {
    return this.users.update(id, body, user, req.cookies?.[SESSION_COOKIE]);
  }

  @Post(':id/archive')
  @HttpCode(200)
  @ApiOperation({ summary: 'Gebruiker archiveren (bondsbeheerder)' })
  @ApiOkResponse({ type: UserDto })
  archive(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<UserDto> {
    return this.users.archive(id, user);
  }
}
