// Proves the member shell's prefetch is not fetched again by the first component that mounts,
// while a later mount still reads fresh balances (staleTime 0), decision 014.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshOnMountMs, queryDefaults } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

describe('refetch on mount', () => {
  it('keeps an answer younger than a second, and asks again once it is older', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_000_000);
    const client = new QueryClient({ defaultOptions: queryDefaults });
    let calls = 0;
    const options = { queryKey: ['assetsList'], queryFn: async () => ++calls, staleTime: 0 };
    await client.prefetchQuery(options);
    expect(calls).toBe(1);

    vi.setSystemTime(1_000_000 + freshOnMountMs - 1);
    const first = new QueryObserver(client, options);
    const stopFirst = first.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(1);
    expect(first.getCurrentResult().data).toBe(1);
    stopFirst();

    vi.setSystemTime(1_000_000 + freshOnMountMs);
    const later = new QueryObserver(client, options);
    const stopLater = later.subscribe(() => undefined);
    await vi.waitFor(() => expect(later.getCurrentResult().data).toBe(2));
    expect(calls).toBe(2);
    stopLater();
    client.clear();
  });
});
