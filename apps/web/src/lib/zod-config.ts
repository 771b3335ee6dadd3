/**
 * What `import ... from 'zod'` gives in the member portal's build (vite.config.ts resolves the
 * name here, decision 014): zod itself, configured before any schema exists. zod's fast path
 * compiles validators with `new Function`, which the Content-Security-Policy forbids (no
 * 'unsafe-eval'); without `jitless` the first validation of an object schema reports a policy
 * violation before zod falls back to the interpreter. Being zod's own entry here, the setting
 * travels with zod into whichever chunk first needs it, and the first download carries no zod.
 */
import { config } from 'zod/v4';

export * from 'zod/v4';
export { default } from 'zod/v4';

config({ jitless: true });
