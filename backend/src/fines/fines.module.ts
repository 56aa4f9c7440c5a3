import { Module } from '@nestjs/common';
import { FineProposalsService } from './fine-proposals.service';

@Module({ providers: [FineProposalsService], exports: [FineProposalsService] })
export class FinesModule {}
