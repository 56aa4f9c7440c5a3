import { Injectable } from '@nestjs/common';
import { AccountsService } from '../accounts/accounts.service';
import { AuditService } from '../audit/audit.service';
import { endSessions, hashPassword } from '../auth/auth.service';
import type { AuthUser } from '../auth/auth.types';
import { ConflictError, NotFoundError, ValidationError } from '../common/errors';
import type { Role } from '../generated/prisma/enums';
import { PrismaService } from '../prisma/prisma.service';
import { CreateUserDto, mapUser, UpdateUserDto, UserDto } from './user.dto';

const include = { club: { select: { name: true } } } as const;

@Injectable()
export class UsersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly accounts: AccountsService,
  ) {}

  async list(): Promise<UserDto[]> {
    const users = await this.prisma.user.findMany({ include, orderBy: [{ role: 'asc' }, { name: 'asc' }] });
    return users.map(mapUser);
  }

  private async checkClub(role: Role, clubId: string | null | undefined): Promise<string | null> {
    if (role !== 'SECRETARY') {
      // Only a secretary belongs to a club: a club sent with another role is not silently dropped.
      if (clubId) throw new ValidationError('Alleen een secretaris hoort bij een vereniging.', [{ field: 'clubId', message: 'Laat de vereniging leeg voor een beheerder of wedstrijdleider.' }]);
      return null;
    }
    if (!clubId) throw new ValidationError('Een secretaris hoort bij een vereniging.', [{ field: 'clubId', message: 'Kies de vereniging van deze secretaris.' }]);
    const club = await this.prisma.club.findUnique({ where: { id: clubId } });
    if (!club) throw new ValidationError('Deze vereniging bestaat niet.', [{ field: 'clubId', message: 'Deze vereniging bestaat niet.' }]);
    return clubId;
  }

  /** Without a password the user is invited by e-mail to choose one (the mail goes once the user exists). */
  async create(body: CreateUserDto, actor: AuthUser | null): Promise<UserDto> {
    const clubId = await this.checkClub(body.role, body.clubId);
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    return this.prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: body.email.trim().toLowerCase(), name: body.name.trim(), passwordHash, role: body.role, clubId },
        include,
      });
      await this.audit.record({ userId: actor?.id ?? null, action: 'user.create', entityType: 'User', entityId: user.id, after: mapUser(user) }, tx);
      if (!passwordHash) await this.accounts.invite(user, actor, tx);
      return mapUser(user);
    });
  }

  /**
   * A new password ends every session of that user, so whoever knew the old one is out;
   * when administrators change their own, the session they did it in (`actorToken`) stays.
   */
  async update(id: string, body: UpdateUserDto, actor: AuthUser, actorToken?: string): Promise<UserDto> {
    const before = await this.prisma.user.findUnique({ where: { id }, include });
    if (!before) throw new NotFoundError('Gebruiker');
    const role = body.role ?? before.role;
    if (before.role === 'ADMIN' && role !== 'ADMIN') await this.assertAnotherAdmin(id, actor);
    // A role without a club drops the club the account had (a secretary made administrator); only one sent with it is refused.
    const clubId = await this.checkClub(role, body.clubId === undefined ? (role === 'SECRETARY' ? before.clubId : null) : body.clubId);
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    return this.prisma.$transaction(async (tx) => {
      const user = await tx.user.update({ where: { id }, data: { name: body.name?.trim(), role, clubId, passwordHash }, include });
      if (passwordHash) await endSessions(tx, id, id === actor.id ? actorToken : undefined);
      await this.audit.record({ userId: actor.id, action: 'user.update', entityType: 'User', entityId: id, before: mapUser(before), after: mapUser(user) }, tx);
      return mapUser(user);
    });
  }

  /** An administrator keeps the federation's keys: never their own role taken by themselves, never the last one. */
  private async assertAnotherAdmin(id: string, actor: AuthUser): Promise<void> {
    if (id === actor.id) throw new ConflictError('U kunt uw eigen rol niet wijzigen: vraag een andere beheerder.', 'OWN_ROLE');
    const others = await this.prisma.user.count({ where: { role: 'ADMIN', archivedAt: null, id: { not: id } } });
    if (!others) throw new ConflictError('Dit is de laatste beheerder: maak eerst een andere beheerder aan.', 'LAST_ADMIN');
  }

  async archive(id: string, actor: AuthUser): Promise<UserDto> {
    if (id === actor.id) throw new ValidationError('U kunt uw eigen account niet archiveren.');
    const before = await this.prisma.user.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('Gebruiker');
    return this.prisma.$transaction(async (tx) => {
      const user = await tx.user.update({ where: { id }, data: { archivedAt: new Date() }, include });
      await endSessions(tx, id);
      await this.audit.record({ userId: actor.id, action: 'user.archive', entityType: 'User', entityId: id }, tx);
      return mapUser(user);
    });
  }
}
