import { Global, Module } from '@nestjs/common';
import { AuditService } from './audit.service';
import { FederationLogController } from './federation-log.controller';
import { FederationLogService } from './federation-log.service';

@Global()
@Module({ controllers: [FederationLogController], providers: [AuditService, FederationLogService], exports: [AuditService] })
export class AuditModule {}
