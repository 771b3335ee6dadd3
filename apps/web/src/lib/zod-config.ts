/**
 * Imported first by main.tsx: zod's fast path compiles validators with `new Function`, which the
 * Content-Security-Policy forbids (no 'unsafe-eval'). Without this, the first validation of an
 * object schema reports a policy violation before zod falls back to the interpreter.
 */
import { z } from 'zod';

z.config({ jitless: true });
