import { z } from 'zod';

/**
 * The idempotency key a write carries (the browser kit's `sendWithKey` keeps one across the retries
 * of one submission): the server keys the write once with it (apps/server/src/db/once.ts), so a
 * retry after a lost answer, or a duplicate sent in parallel, has one effect and the first answer.
 */
export const requestId = z
  .string()
  .min(16)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);
