import { Injectable } from '@nestjs/common';

/**
 * The time the reminders and the to-do list go by. Tests take it over (`app.get(Clock).set(…)`)
 * to walk through a season; everywhere else it is the real time.
 */
@Injectable()
export class Clock {
  private fixed: Date | null = null;

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }

  /** Tests only: from now on the clock says `moment` (null: the real time again). */
  set(moment: Date | string | null): void {
    this.fixed = moment === null ? null : new Date(moment);
  }
}
