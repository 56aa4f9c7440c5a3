import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleDestroy {
  constructor() {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) throw new Error('DATABASE_URL is not set');
    super({ adapter: new PrismaPg({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) }) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
  }
}
