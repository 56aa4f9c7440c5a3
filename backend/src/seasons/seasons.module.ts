import { Module } from '@nestjs/common';
import { SeasonsController } from './seasons.controller';
import { SeasonsService } from './seasons.service';

@Module({ controllers: [SeasonsController], providers: [SeasonsService], exports: [SeasonsService] })
export class SeasonsModule {}
