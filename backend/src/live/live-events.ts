import { Injectable } from '@nestjs/common';
import { EventEmitter } from 'node:events';

/** Something a spectator's live page should show: a set entered, signed or decided, a match confirmed. */
export interface LiveEvent {
  matchId: string;
  divisionId: string;
  round: number;
  /** e.g. SET_SIGNED, SET_DECIDED, MATCH_CONFIRMED (the core's event kinds). */
  kind: string;
  at: Date;
}

/**
 * The in-process bus between the match writer (after its transaction commits) and the live
 * pages' Server-Sent Events. One API process serves a match night; a second process would
 * need PostgreSQL LISTEN/NOTIFY here instead.
 */
@Injectable()
export class LiveEvents {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  emit(event: LiveEvent): void {
    this.emitter.emit('event', event);
  }

  /** Calls the listener for every event until the returned function is called. */
  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
