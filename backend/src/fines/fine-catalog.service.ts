import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth.types';
import { NotFoundError } from '../common/errors';
import { PrismaService } from '../prisma/prisma.service';
import { SeasonsService } from '../seasons/seasons.service';
import { CatalogItemDto, CreateCatalogItemDto, mapCatalogItem, UpdateCatalogItemDto } from './fine-catalog.dto';
import { assertOpen, assertSeasonOpen } from '../seasons/season-open';

/** Regel 10: the season's catalog of fines an administrator levies by hand. */
@Injectable()
export class FineCatalogService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditService,
    private readonly seasons: SeasonsService,
  ) {}

  async list(seasonId: string, includeArchived: boolean): Promise<CatalogItemDto[]> {
    await this.seasons.get(seasonId);
    const items = await this.prisma.fineCatalogItem.findMany({
      where: { seasonId, ...(includeArchived ? {} : { archivedAt: null }) },
      orderBy: [{ archivedAt: { sort: 'desc', nulls: 'first' } }, { description: 'asc' }],
    });
    return items.map(mapCatalogItem);
  }

  async create(body: CreateCatalogItemDto, user: AuthUser): Promise<CatalogItemDto> {
    const season = await this.seasons.get(body.seasonId);
    assertOpen(season);
    const { settings } = season;
    return this.prisma.$transaction(async (tx) => {
      const item = await tx.fineCatalogItem.create({
        data: { seasonId: body.seasonId, code: body.code, description: body.description.trim(), rule: '10', amountCents: body.amountCents ?? settings.negligenceFineCents },
      });
      await this.audit.record({ userId: user.id, action: 'fine-catalog.create', entityType: 'FineCatalogItem', entityId: item.id, after: item }, tx);
      return mapCatalogItem(item);
    });
  }

  async update(id: string, body: UpdateCatalogItemDto, user: AuthUser): Promise<CatalogItemDto> {
    return this.change(id, user, 'fine-catalog.update', { code: body.code, description: body.description?.trim(), amountCents: body.amountCents });
  }

  async archive(id: string, user: AuthUser): Promise<CatalogItemDto> {
    return this.change(id, user, 'fine-catalog.archive', { archivedAt: new Date() });
  }

  private async change(id: string, user: AuthUser, action: string, data: { code?: string; description?: string; amountCents?: number; archivedAt?: Date }) {
    return this.prisma.$transaction(async (tx) => {
      const before = await tx.fineCatalogItem.findUnique({ where: { id } });
      if (!before) throw new NotFoundError('Catalogusboete');
      await assertSeasonOpen(tx, before.seasonId);
      // Archived once: archiving again changes nothing (the date it left the catalog stays).
      if (data.archivedAt && before.archivedAt) return mapCatalogItem(before);
      const after = await tx.fineCatalogItem.update({ where: { id }, data });
      await this.audit.record({ userId: user.id, action, entityType: 'FineCatalogItem', entityId: id, before, after }, tx);
      return mapCatalogItem(after);
    });
  }
}
