import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const countryListQueryOptions = () =>
  queryOptions({
    queryKey: ['countryList'],
    queryFn: ({ signal }) => apiCall('countryList', {}, { signal }),
    staleTime: Infinity,
  });

export const useCountryList = () => useQuery(countryListQueryOptions());
