/**
 * RULES.md "One member, one match at a time": a member cannot be on the line-up of two
 * matches on the same date. The caller finds the other line-ups (the database); this names them.
 */
import { shortDutchDate } from './result-flow';
import { IsoDate } from '../dates';

export interface OtherLineup {
  /** The member as the forms name them (family name). */
  player: string;
  homeTeam: string;
  awayTeam: string;
  date: IsoDate;
}

/** The refusal's messages, one per member already on another match's line-up that date (none: allowed). */
export function oneMatchPerDayMessages(others: readonly OtherLineup[]): string[] {
  return others.map((o) => `${o.player} staat al op de spelerslijst van ${o.homeTeam} – ${o.awayTeam} op ${shortDutchDate(o.date)}; een lid speelt op één dag één wedstrijd.`);
}
