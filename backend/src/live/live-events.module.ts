import { Global, Module } from '@nestjs/common';
import { LiveEvents } from './live-events';

/** The live bus, available to every module (the match writer publishes, the live pages listen). */
@Global()
@Module({ providers: [LiveEvents], exports: [LiveEvents] })
export class LiveEventsModule {}
