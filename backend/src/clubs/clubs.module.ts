import { Module } from '@nestjs/common';
import { ClubsController } from './clubs.controller';
import { ClubsService } from './clubs.service';

@Module({ controllers: [ClubsController], providers: [ClubsService], exports: [ClubsService] })
export class ClubsModule {}
