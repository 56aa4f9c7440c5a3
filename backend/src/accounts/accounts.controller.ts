import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MeDto } from '../auth/auth.dto';
import { AuthService } from '../auth/auth.service';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Public, Roles } from '../auth/decorators';
import { DEVICE_COOKIE, setDeviceCookie } from '../auth/known-devices';
import { setSessionCookie } from '../auth/session-cookie';
import { AcceptedDto, EmailChangedDto, EmailChangeRequestDto, PasswordResetRequestDto, SetPasswordDto, TokenDto, TokenInfoDto } from './accounts.dto';
import { AccountsService } from './accounts.service';

@ApiTags('accounts')
@Controller('accounts')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly auth: AuthService,
  ) {}

  @Public()
  @Post('password-reset')
  @HttpCode(202)
  @ApiOperation({ summary: 'Wachtwoord vergeten: mailt een link (1 uur geldig) als het adres bekend is; het antwoord is altijd hetzelfde' })
  @ApiAcceptedResponse({ type: AcceptedDto })
  @ApiTooManyRequestsResponse({ description: 'Te veel aanvragen voor dit adres of vanaf deze client; Retry-After zegt hoeveel seconden te wachten' })
  requestPasswordReset(@Body() body: PasswordResetRequestDto, @Req() req: FastifyRequest): Promise<AcceptedDto> {
    // req.ip: X-Forwarded-For counts only from a trusted proxy (TRUSTED_PROXIES), as at the login.
    return this.accounts.requestPasswordReset(body.email, req.ip);
  }

  @Public()
  @Post('password-reset/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Nieuw wachtwoord met de link uit de mail; beëindigt alle sessies en logt deze browser in' })
  @ApiOkResponse({ type: MeDto })
  @ApiTooManyRequestsResponse({ description: 'Te veel ongeldige links vanaf deze client; Retry-After zegt hoeveel seconden te wachten' })
  async resetPassword(@Body() body: SetPasswordDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<MeDto> {
    const { session, user, device } = await this.accounts.resetPassword(body.token, body.password, req.ip, req.cookies?.[DEVICE_COOKIE]);
    setSessionCookie(res, session.token, session.expiresAt);
    setDeviceCookie(res, device);
    return this.auth.me(user);
  }

  @Public()
  @Post('invitation/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Uitnodiging aannemen: eigen wachtwoord kiezen en ingelogd worden' })
  @ApiOkResponse({ type: MeDto })
  @ApiTooManyRequestsResponse({ description: 'Te veel ongeldige links vanaf deze client; Retry-After zegt hoeveel seconden te wachten' })
  async acceptInvitation(@Body() body: SetPasswordDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<MeDto> {
    const { session, user, device } = await this.accounts.acceptInvitation(body.token, body.password, req.ip, req.cookies?.[DEVICE_COOKIE]);
    setSessionCookie(res, session.token, session.expiresAt);
    setDeviceCookie(res, device);
    return this.auth.me(user);
  }

  @Public()
  @Post('token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Waar een link uit een mail voor is en voor wie (gebruikt hem niet)' })
  @ApiOkResponse({ type: TokenInfoDto })
  @ApiTooManyRequestsResponse({ description: 'Te veel ongeldige links vanaf deze client; Retry-After zegt hoeveel seconden te wachten' })
  tokenInfo(@Body() body: TokenDto, @Req() req: FastifyRequest): Promise<TokenInfoDto> {
    return this.accounts.tokenInfo(body.token, req.ip);
  }

  @Post('email-change')
  @HttpCode(202)
  @ApiOperation({ summary: 'Ander e-mailadres: mailt een bevestigingslink (24 uur geldig) naar het nieuwe adres' })
  @ApiAcceptedResponse({ type: AcceptedDto })
  @ApiTooManyRequestsResponse({ description: 'Te vaak een verkeerd wachtwoord of te veel aanvragen; Retry-After zegt hoeveel seconden te wachten' })
  requestEmailChange(@Body() body: EmailChangeRequestDto, @CurrentUser() user: AuthUser): Promise<AcceptedDto> {
    return this.accounts.requestEmailChange(user, body.newEmail, body.currentPassword);
  }

  @Public()
  @Post('email-change/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Nieuw e-mailadres bevestigen met de link uit de mail' })
  @ApiOkResponse({ type: EmailChangedDto })
  @ApiTooManyRequestsResponse({ description: 'Te veel ongeldige links vanaf deze client; Retry-After zegt hoeveel seconden te wachten' })
  confirmEmailChange(@Body() body: TokenDto, @Req() req: FastifyRequest): Promise<EmailChangedDto> {
    return this.accounts.confirmEmailChange(body.token, req.ip);
  }
}

@ApiTags('users')
@Roles('ADMIN')
@Controller('users')
export class InvitationsController {
  constructor(private readonly accounts: AccountsService) {}

  @Post(':id/invitation')
  @HttpCode(204)
  @ApiOperation({ summary: 'Uitnodiging opnieuw sturen, aan een gebruiker die nog geen wachtwoord koos (bondsbeheerder); de vorige link vervalt' })
  @ApiNoContentResponse({ description: 'Verstuurd' })
  reinvite(@Param('id', ParseUUIDPipe) id: string, @CurrentUser() user: AuthUser): Promise<void> {
    return this.accounts.reinvite(id, user);
  }
}
