import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PrismaService } from '../prisma/prisma.service';
import { LoginDto, mapMe, MeDto } from './auth.dto';
import { AuthService } from './auth.service';
import { AuthUser, SESSION_COOKIE } from './auth.types';
import { CurrentUser, Public } from './decorators';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly prisma: PrismaService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Inloggen met e-mail en wachtwoord; zet een httpOnly-sessiecookie' })
  @ApiOkResponse({ type: MeDto })
  async login(@Body() body: LoginDto, @Req() req: FastifyRequest, @Res({ passthrough: true }) res: FastifyReply): Promise<MeDto> {
    const { token, expiresAt, user } = await this.auth.login(body.email, body.password, req.ip);
    res.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: process.env.SESSION_SECURE_COOKIE === 'true',
      expires: expiresAt,
      path: '/',
    });
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

  @Get('me')
  @ApiOperation({ summary: 'Wie is ingelogd' })
  @ApiOkResponse({ type: MeDto })
  async me(@CurrentUser() user: AuthUser): Promise<MeDto> {
    const club = user.clubId ? await this.prisma.club.findUnique({ where: { id: user.clubId }, select: { name: true } }) : null;
    return mapMe(user, club?.name ?? null);
  }
}
