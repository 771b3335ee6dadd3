/** The countries module's entry (issue 32): what registration uses. */
export { isKnownCountry } from './data.ts';
