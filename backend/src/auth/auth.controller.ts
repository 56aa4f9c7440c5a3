import { Body, Controller, Get, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ChangePasswordDto, LoginDto, MeDto } from './auth.dto';
import { AuthService } from './auth.service';
import { AuthUser, SESSION_COOKIE } from './auth.types';
import { DEVICE_COOKIE, setDeviceCookie } from './known-devices';
import { setSessionCookie } from './session-cookie';
import { CurrentUser, Public } from './decorators';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Inloggen met e-mail en wachtwoord; zet een httpOnly-sessiecookie' })
  @ApiOkResponse({ type: MeDto })
  @ApiTooManyRequestsResponse({
    description:
      'Te veel mislukte pogingen voor dit e-mailadres vanaf dit adres (of vanaf dit adres in totaal), of voor dit account vanaf alle adressen samen (10 in 15 minuten; niet vanuit een browser waarmee eerder op dit account is ingelogd); Retry-After zegt hoeveel seconden te wachten',
  })
  async login(@Body() body: LoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<MeDto> {
    // req.ip: the client's address; X-Forwarded-For counts only from a trusted proxy (TRUSTED_PROXIES).
    const { token, expiresAt, user, device } = await this.auth.login(body.email, body.password, req.ip, req.cookies?.[DEVICE_COOKIE]);
    setSessionCookie(res, token, expiresAt);
    setDeviceCookie(res, device);
    return this.me(user);
  }

  @Public()
  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'Uitloggen' })
  async logout(@Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<void> {
    await this.auth.logout(req.cookies?.[SESSION_COOKIE]);
    res.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  @Put('password')
  @HttpCode(204)
  @ApiOperation({ summary: 'Eigen wachtwoord wijzigen; beëindigt alle andere sessies van de gebruiker (deze blijft)' })
  @ApiNoContentResponse({ description: 'Gewijzigd' })
  @ApiTooManyRequestsResponse({ description: 'Te vaak een verkeerd huidig wachtwoord; Retry-After zegt hoeveel seconden te wachten' })
  async changePassword(@Body() body: ChangePasswordDto, @CurrentUser() user: AuthUser, @Req() req: FastifyRequest): Promise<void> {
    await this.auth.changePassword(user, body.currentPassword, body.newPassword, req.cookies?.[SESSION_COOKIE]);
  }

  @Get('me')
  @ApiOperation({ summary: 'Wie is ingelogd' })
  @ApiOkResponse({ type: MeDto })
  me(@CurrentUser() user: AuthUser): Promise<MeDto> {
    return this.auth.me(user);
  }
}
