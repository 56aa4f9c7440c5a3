/** The match rules (RULES.md "The match", "Matches that are not played") and the fixture list. */
export * from './side';
export * from './labels';
export * from './rotation';
export * from './scores';
export * from './lineup';
export * from './match-result';
export * from './substitutions';
export * from './not-played';
export * from './fixtures';
export * from './supervisor-actions';
export * from './result-flow';
export * from './winner';
