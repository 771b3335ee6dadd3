/**
 * The settings module's entry (issue 32): what other modules and the composition root use. The
 * service reads and changes the server-driven settings of `registry.ts`.
 */
export { ConfigService } from './service.ts';
export { type ConfigValue } from './registry.ts';
