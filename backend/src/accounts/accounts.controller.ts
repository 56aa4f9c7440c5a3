import { Body, Controller, HttpCode, Param, ParseUUIDPipe, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mapMe, MeDto } from '../auth/auth.dto';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Public, Roles } from '../auth/decorators';
import { setSessionCookie } from '../auth/session-cookie';
import { PrismaService } from '../prisma/prisma.service';
import { AcceptedDto, EmailChangedDto, EmailChangeRequestDto, PasswordResetRequestDto, SetPasswordDto, TokenDto, TokenInfoDto } from './accounts.dto';
import { AccountsService } from './accounts.service';

@ApiTags('accounts')
@Controller('accounts')
export class AccountsController {
  constructor(
    private readonly accounts: AccountsService,
    private readonly prisma: PrismaService,
  ) {}

  @Public()
  @Post('password-reset')
  @HttpCode(202)
  @ApiOperation({ summary: 'Wachtwoord vergeten: mailt een link (1 uur geldig) als het adres bekend is; het antwoord is altijd hetzelfde' })
  @ApiAcceptedResponse({ type: AcceptedDto })
  @ApiTooManyRequestsResponse({ description: 'Te veel aanvragen voor dit adres of vanaf deze client; Retry-After zegt hoeveel seconden te wachten' })
  requestPasswordReset(@Body() body: PasswordResetRequestDto, @Req() req: FastifyRequest): AcceptedDto {
    // req.ip: X-Forwarded-For counts only from a trusted proxy (TRUSTED_PROXIES), as at the login.
    return this.accounts.requestPasswordReset(body.email, req.ip);
  }

  @Public()
  @Post('password-reset/confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'Nieuw wachtwoord met de link uit de mail; beëindigt alle sessies en logt deze browser in' })
  @ApiOkResponse({ type: MeDto })
  async resetPassword(@Body() body: SetPasswordDto, @Res({ passthrough: true }) res: FastifyReply): Promise<MeDto> {
    const { session, user } = await this.accounts.resetPassword(body.token, body.password);
    setSessionCookie(res, session.token, session.expiresAt);
    return this.me(user);
  }

  @Public()
  @Post('invitation/accept')
  @HttpCode(200)
  @ApiOperation({ summary: 'Uitnodiging aannemen: eigen wachtwoord kiezen en ingelogd worden' })
  @ApiOkResponse({ type: MeDto })
  async acceptInvitation(@Body() body: SetPasswordDto, @Res({ passthrough: true }) res: FastifyReply): Promise<MeDto> {
    const { session, user } = await this.accounts.acceptInvitation(body.token, body.password);
    setSessionCookie(res, session.token, session.expiresAt);
    return this.me(user);
  }

  @Public()
  @Post('token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Waar een link uit een mail voor is en voor wie (gebruikt hem niet)' })
  @ApiOkResponse({ type: TokenInfoDto })
  tokenInfo(@Body() body: TokenDto): Promise<TokenInfoDto> {
    return this.accounts.tokenInfo(body.token);
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
  confirmEmailChange(@Body() body: TokenDto): Promise<EmailChangedDto> {
    return this.accounts.confirmEmailChange(body.token);
  }

  private async me(user: AuthUser): Promise<MeDto> {
    const club = user.clubId ? await this.prisma.club.findUnique({ where: { id: user.clubId }, select: { name: true } }) : null;
    return mapMe(user, club?.name ?? null);
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
