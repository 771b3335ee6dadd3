// Proves that a page load fails with a LoadError on rejection and on timeout.
import { describe, expect, it, vi } from 'vitest';
import { LoadError, withLoadTimeout } from './lazy-page';

describe('withLoadTimeout', () => {
  it('passes a loaded module through', async () => {
    await expect(withLoadTimeout(Promise.resolve('page'))).resolves.toBe('page');
  });

  it('turns a failed import into a LoadError', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(withLoadTimeout(Promise.reject(failure))).rejects.toMatchObject({ name: 'LoadError', reason: 'failed', cause: failure });
  });

  it('fails with a timeout after 120 seconds', async () => {
    vi.useFakeTimers();
    try {
      const pending = withLoadTimeout(new Promise(() => {}));
      const settled = expect(pending).rejects.toBeInstanceOf(LoadError);
      vi.advanceTimersByTime(119_999);
      vi.advanceTimersByTime(1);
      await settled;
      await expect(pending).rejects.toMatchObject({ reason: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });
});
