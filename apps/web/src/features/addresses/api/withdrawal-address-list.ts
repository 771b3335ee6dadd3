import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

export const getWithdrawalAddressList = (signal?: AbortSignal) => apiCall('withdrawalAddressList', {}, { signal });

/** Read fresh on each visit: "usable from" turns into "usable" while the member is away. */
export const withdrawalAddressListQueryOptions = () =>
  queryOptions({
    queryKey: ['withdrawalAddressList'],
    queryFn: ({ signal }) => getWithdrawalAddressList(signal),
    enabled: hasToken(),
    staleTime: 0,
  });

export const useWithdrawalAddressList = () => useQuery(withdrawalAddressListQueryOptions());
