/** Moved to the domain (the match-day core uses it): domain/match/seat-entry.ts. */
export * from '../domain/match/seat-entry';
