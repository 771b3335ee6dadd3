/**
 * The packages module's entry (decision 020, issue 32): what the flash sales, the plan payouts,
 * the community series and the composition root use of the catalogue, the holdings and releases.
 */
export { releaseDays } from './release-series.ts';
export { endHolding, addEvent, addToPrincipal, insertHolding, move, pickText } from './holdings.ts';
export { PackageReleaseService } from './release.ts';
export { productById } from './catalogue.ts';
export { newActivationCode, type PackageService } from './service.ts';
