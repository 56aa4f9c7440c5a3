/** Moved to the domain (the match-day core uses it): domain/match/match-facts.ts. */
export * from '../domain/match/match-facts';
