import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** The member's own community figures, invitation code and link. */
export const organizationInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['userOrganizationInfo'],
    queryFn: ({ signal }) => apiCall('userOrganizationInfo', {}, { signal }),
    enabled: hasToken(),
  });

export const useOrganizationInfo = () => useQuery(organizationInfoQueryOptions());
