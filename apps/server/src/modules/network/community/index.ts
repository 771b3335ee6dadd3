/** The community module's entry (decision 026, issue 32): what other modules use. */
export { type RuleFlag } from './flags.ts';
