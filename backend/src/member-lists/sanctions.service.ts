import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { dbDate } from '../common/dto';
import { NotFoundError, ValidationError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { CreateSanctionDto, mapSanction, SanctionDto } from './member-list.dto';

/** Regel 4: administrators suspend (from–to) or expel (from) a member; secretaries only see it. */
@Injectable()
export class SanctionsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
  ) {}

  async create(memberId: string, body: CreateSanctionDto, user: AuthUser): Promise<SanctionDto> {
    checkPeriod(body);
    const member = await this.prisma.member.findUnique({ where: { id: memberId } });
    if (!member) throw new NotFoundError('Lid');
    return this.prisma.$transaction(async (tx) => {
      const sanction = await tx.memberSanction.create({
        data: { memberId, kind: body.kind, startsOn: dbDate(body.startsOn), endsOn: dbDate(body.endsOn ?? null), reason: body.reason, createdById: user.id },
      });
      const action = body.kind === 'EXPULSION' ? 'member.expel' : 'member.suspend';
      await this.audit.record({ userId: user.id, action, entityType: 'MemberSanction', entityId: sanction.id, after: { ...sanction, memberNumber: member.memberNumber }, reason: body.reason }, tx);
      return mapSanction(sanction);
    });
  }

  /** Withdraws a sanction given in error; the audit log keeps what it was and why it went. */
  async revoke(id: string, reason: string, user: AuthUser): Promise<SanctionDto> {
    const sanction = await this.prisma.memberSanction.findUnique({ where: { id } });
    if (!sanction) throw new NotFoundError('Sanctie');
    await this.prisma.$transaction(async (tx) => {
      await tx.memberSanction.delete({ where: { id } });
      await this.audit.record({ userId: user.id, action: 'member.sanctionRevoke', entityType: 'MemberSanction', entityId: id, before: sanction, reason }, tx);
    });
    return mapSanction(sanction);
  }
}

function checkPeriod({ kind, startsOn, endsOn }: CreateSanctionDto): void {
  if (kind === 'EXPULSION' && endsOn) {
    throw new ValidationError('Een royement heeft geen einddatum.', [{ field: 'endsOn', message: 'Laat dit leeg bij een royement.' }]);
  }
  if (kind === 'SUSPENSION' && !endsOn) {
    throw new ValidationError('Geef de laatste dag van de schorsing.', [{ field: 'endsOn', message: 'Dit veld is verplicht bij een schorsing.' }]);
  }
  if (endsOn && endsOn < startsOn) {
    throw new ValidationError('De schorsing kan niet eindigen voordat ze begint.', [{ field: 'endsOn', message: 'Kies een datum op of na de eerste dag.' }]);
  }
}
