// Proves that one failure says its message once: identical toasts are merged, and a failed query
// is not fetched again (with a second toast) because a second component starts using it.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryDefaults } from './query-client';
import { closeAllToasts, getToasts, showToast, toastDurationMs } from '@pp/browser-kit';

afterEach(() => {
  closeAllToasts();
  vi.useRealTimers();
});

describe('showToast', () => {
  it('shows the same error text once and keeps it the full time from the last report', () => {
    vi.useFakeTimers();
    const first = showToast('error', 'Internal server error');
    vi.advanceTimersByTime(toastDurationMs - 100);
    const second = showToast('error', 'Internal server error');
    expect(second).toBe(first);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(200);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(toastDurationMs);
    expect(getToasts()).toHaveLength(0);
  });

  it('still shows different texts, and the same text of another kind, side by side', () => {
    showToast('error', 'A');
    showToast('error', 'B');
    showToast('success', 'A');
    expect(getToasts().map((t) => `${t.kind}:${t.text}`)).toEqual(['error:A', 'error:B', 'success:A']);
  });
});

describe('query defaults', () => {
  it('do not call a failed query again when a second observer subscribes', async () => {
    const client = new QueryClient({ defaultOptions: queryDefaults });
    const queryFn = vi.fn(async () => {
      showToast('error', 'Internal server error');
      throw new Error('HTTP 500');
    });
    const layout = new QueryObserver(client, { queryKey: ['assetsList'], queryFn });
    const stopLayout = layout.subscribe(() => undefined);
    await vi.waitFor(() => expect(layout.getCurrentResult().isError).toBe(true));
    const page = new QueryObserver(client, { queryKey: ['assetsList'], queryFn });
    const stopPage = page.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queryFn).toHaveBeenCalledTimes(1);
    expect(getToasts()).toHaveLength(1);
    stopLayout();
    stopPage();
    client.clear();
  });
});
