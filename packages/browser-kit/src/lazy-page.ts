import type { ComponentType } from 'react';

/** Spec section 9: a part of the app that has not loaded after 120 seconds has failed. */
export const loadTimeoutMs = 120_000;

/** A page's code could not be loaded: a missing chunk, a network failure, a stylesheet, or time. */
export class LoadError extends Error {
  override readonly name = 'LoadError';
  constructor(
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(`page load ${reason}`, options);
  }
}

export function withLoadTimeout<T>(loading: Promise<T>, timeoutMs = loadTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LoadError('timeout')), timeoutMs);
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof LoadError ? error : new LoadError('failed', { cause: error }));
      },
    );
  });
}

/**
 * A route's `lazy`: loads the page's chunk (a rejected CSS preload rejects it too, see
 * vite:preloadError in main.tsx) and hands any failure to the route's ErrorBoundary.
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  return async () => ({ Component: await withLoadTimeout(load()) });
}
