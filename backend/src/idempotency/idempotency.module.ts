import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyClaims, IdempotencyKeyInterceptor } from './idempotency-keys';

/** Idempotency keys bound to their sender and their request, for every write (idempotency-keys.ts). */
@Module({
  providers: [IdempotencyClaims, { provide: APP_INTERCEPTOR, useClass: IdempotencyKeyInterceptor }],
})
export class IdempotencyModule {}
