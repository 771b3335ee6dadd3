import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** An image code; `enabled: false` means the server does not ask for one (hide the field). */
export const captchaQueryOptions = () =>
  queryOptions({
    queryKey: ['captcha'],
    queryFn: ({ signal }) => apiCall('captchaImage', {}, { signal }),
    // A code is single-use and short-lived: never serve one from the cache.
    gcTime: 0,
    staleTime: 0,
  });

/** `isWanted: false` fetches nothing: the login asks for an image only once the server wants one. */
export const useCaptcha = (isWanted = true) => useQuery({ ...captchaQueryOptions(), enabled: isWanted });
