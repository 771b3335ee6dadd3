import { useCallback, useEffect, useState } from 'react';
import type { CaptchaResponse } from '@pp/contract';

/**
 * The login page's image code without TanStack Query (decision 014: the query library is not in
 * the first download of /#/login). Nothing is fetched until `isWanted`; `refetch` fetches a new
 * code and keeps showing the old one until it arrives, as the query did. A failure is already
 * shown by the API client; `data` then stays as it was.
 */
export function useCaptchaOnDemand(isWanted: boolean): { data: CaptchaResponse | undefined; refetch: () => void } {
  const [data, setData] = useState<CaptchaResponse | undefined>(undefined);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!isWanted) return;
    const controller = new AbortController();
    // The API client is not part of the login page's first download (decision 028).
    import('../../../lib/api-client')
      .then(({ apiCall }) => apiCall('captchaImage', {}, { signal: controller.signal }))
      .then(
        (answer) => setData(answer),
        () => undefined,
      );
    return () => controller.abort();
  }, [isWanted, round]);
  const refetch = useCallback(() => setRound((n) => n + 1), []);
  return { data, refetch };
}
