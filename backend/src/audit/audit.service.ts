import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';

export interface AuditEntry {
  userId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

type Db = Pick<PrismaService, 'auditLog'> | Prisma.TransactionClient;

/** JSON-safe copy (dates as ISO strings) for the before/after columns. */
function snapshot(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;
}

@Injectable()
export class AuditService {
  constructor(private readonly prisma: PrismaService) {}

  /** Records who changed what, with before and after; pass the transaction client to log atomically. */
  async record(entry: AuditEntry, db: Db = this.prisma): Promise<void> {
    await db.auditLog.create({
      data: {
        userId: entry.userId,
        action: entry.action,
        entityType: entry.entityType,
        entityId: entry.entityId,
        before: snapshot(entry.before),
        after: snapshot(entry.after),
        reason: entry.reason ?? null,
      },
    });
  }

  /**
   * The same row as an INSERT statement, for a caller that writes it in one statement with its
   * own (the match writer: the command log and the audit entry together). `at` is the writer's
   * time, stored as Prisma stores a DateTime (UTC in a timestamp column).
   */
  insertStatement(entry: AuditEntry, at: Date): Prisma.Sql {
    const json = (value: unknown) => {
      const copy = snapshot(value);
      return copy === undefined ? null : JSON.stringify(copy);
    };
    return Prisma.sql`
      INSERT INTO audit_logs (id, "userId", action, "entityType", "entityId", before, after, reason, "createdAt")
      VALUES (${randomUUID()}::uuid, ${entry.userId}::uuid, ${entry.action}, ${entry.entityType}, ${entry.entityId},
              ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb, ${entry.reason ?? null}, ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC')`;
  }

  async history(entityType: string, entityId: string) {
    return this.prisma.auditLog.findMany({
      where: { entityType, entityId },
      orderBy: { createdAt: 'asc' },
      include: { user: { select: { name: true, email: true, role: true } } },
    });
  }
}
