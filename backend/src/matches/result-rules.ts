/** The phase of a stored match now lives in the domain (domain/match/result-flow.ts); kept for match.dto.ts until it imports it from there. */
export { phaseOf } from '../domain/match/result-flow';
export type { PhaseFacts } from '../domain/match/result-flow';
