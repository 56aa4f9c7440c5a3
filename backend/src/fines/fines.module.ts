import { Module } from '@nestjs/common';
import { SeasonsModule } from '../seasons/seasons.module';
import { FineCatalogController } from './fine-catalog.controller';
import { FineCatalogService } from './fine-catalog.service';
import { FineProposalsService } from './fine-proposals.service';
import { FinesController } from './fines.controller';
import { FinesService } from './fines.service';

@Module({
  imports: [SeasonsModule],
  controllers: [FinesController, FineCatalogController],
  providers: [FineProposalsService, FinesService, FineCatalogService],
  exports: [FineProposalsService],
})
export class FinesModule {}
