import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { FirstAnswer } from '@pp/browser-kit';
import { firstAnswerLifetimeMs, putFirstAnswer, takeFirstAnswer } from './first-answers';

const answer = (status: number) => Promise.resolve({ status, body: { code: 20000 }, requestKey: { nonce: 'n' } } as unknown as FirstAnswer);

describe('first answers (decision 032)', () => {
  beforeEach(() => {
    (globalThis as { window?: unknown }).window = globalThis;
  });
  afterEach(() => {
    delete (globalThis as { __ppFirstAnswers?: unknown }).__ppFirstAnswers;
    delete (globalThis as { window?: unknown }).window;
  });

  test('an answer is taken once, for its own path only', async () => {
    putFirstAnswer('/api/app/assets/assetsList', answer(200), 1000);
    expect(takeFirstAnswer('/api/app/user/userInfo', 1000)).toBeUndefined();
    const taken = takeFirstAnswer('/api/app/assets/assetsList', 1000);
    await expect(taken).resolves.toMatchObject({ status: 200 });
    expect(takeFirstAnswer('/api/app/assets/assetsList', 1000)).toBeUndefined();
  });

  test('an answer older than its lifetime is dropped, not used', () => {
    putFirstAnswer('/api/app/assets/assetsList', answer(200), 1000);
    expect(takeFirstAnswer('/api/app/assets/assetsList', 1000 + firstAnswerLifetimeMs + 1)).toBeUndefined();
    expect(takeFirstAnswer('/api/app/assets/assetsList', 1000)).toBeUndefined();
  });

  test('without a page there is nothing to take', () => {
    delete (globalThis as { window?: unknown }).window;
    expect(takeFirstAnswer('/api/app/assets/assetsList')).toBeUndefined();
  });
});
