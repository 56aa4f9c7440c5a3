import { Injectable } from '@nestjs/common';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import { UnauthorizedError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import type { AuthUser } from './auth.types';
import { LoginThrottle } from './login-throttle';

const SESSION_DAYS = 14;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password); // argon2id is the default
}

@Injectable()
export class AuthService {
  private readonly throttle = new LoginThrottle();
  /** Verified when the e-mail address is unknown, so the answer takes as long either way. */
  private readonly dummyHash = hashPassword(randomBytes(16).toString('hex'));

  constructor(private readonly prisma: PrismaService) {}

  async login(emailInput: string, password: string, ip = 'unknown'): Promise<{ token: string; expiresAt: Date; user: AuthUser }> {
    const email = emailInput.trim().toLowerCase();
    this.throttle.check(email, ip);
    const user = await this.prisma.user.findUnique({ where: { email } });
    const passwordOk = await argon2Verify(user?.passwordHash ?? (await this.dummyHash), password);
    if (!user || user.archivedAt || !passwordOk) {
      this.throttle.fail(email, ip);
      throw new UnauthorizedError('E-mailadres of wachtwoord klopt niet.', 'INVALID_CREDENTIALS');
    }
    this.throttle.succeed(email);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
    await this.prisma.session.create({ data: { tokenHash: hashToken(token), userId: user.id, expiresAt } });
    return { token, expiresAt, user: toAuthUser(user) };
  }

  async logout(token: string | undefined): Promise<void> {
    if (token) await this.prisma.session.deleteMany({ where: { tokenHash: hashToken(token) } });
  }

  async userForToken(token: string): Promise<AuthUser | null> {
    const session = await this.prisma.session.findUnique({
      where: { tokenHash: hashToken(token) },
      include: { user: true },
    });
    if (!session || session.expiresAt < new Date() || session.user.archivedAt) return null;
    return toAuthUser(session.user);
  }
}

function toAuthUser(user: { id: string; email: string; name: string; role: AuthUser['role']; clubId: string | null }): AuthUser {
  return { id: user.id, email: user.email, name: user.name, role: user.role, clubId: user.clubId };
}
