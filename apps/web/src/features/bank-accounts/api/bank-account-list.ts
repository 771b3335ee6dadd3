import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getBankAccountList = (signal?: AbortSignal) => apiCall('bankAccountList', {}, { signal });

/** Read fresh on each visit: "usable from" turns into "usable" while the member is away. */
export const bankAccountListQueryOptions = () =>
  queryOptions({
    queryKey: ['bankAccountList'],
    queryFn: ({ signal }) => getBankAccountList(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useBankAccountList = () => useQuery(bankAccountListQueryOptions());
