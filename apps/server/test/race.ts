import { expect } from 'vitest';
import type { KeyedEndpointName } from '@pp/contract';
import type { CallResult } from './helper.ts';

/**
 * Sends one keyed write 8 times at once (a double click, a retry while the first is still in
 * flight) and checks what every keyed write promises of such a burst: no answer is a 5xx and all
 * 8 answers are the same (status, code, error and data). The caller then counts the effect in
 * the database, which only it knows how to do.
 *
 * The endpoint's name is the first argument, written as a string literal: the coverage test
 * (src/keyed-race-coverage.test.ts) reads it from the source to prove that every keyed write of
 * the contract is raced somewhere, so a new keyed write without a race fails there.
 */
export async function raceEight<T>(name: KeyedEndpointName, send: () => Promise<CallResult<T>>): Promise<CallResult<T>> {
  const answers = await Promise.all(Array.from({ length: 8 }, () => send()));
  for (const answer of answers) expect(answer.status, `${name}: ${answer.message}`).toBeLessThan(500);
  const distinct = new Set(answers.map((a) => JSON.stringify([a.status, a.code, a.error, a.data])));
  expect([...distinct], `${name}: the 8 answers differ`).toHaveLength(1);
  return answers[0]!;
}
