import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const staffListQuery = () =>
  queryOptions({
    queryKey: ['staff', 'list'] as const,
    queryFn: ({ signal }) => apiCall('staffList', {}, { signal }),
  });

export const useStaffList = () => useQuery(staffListQuery());
