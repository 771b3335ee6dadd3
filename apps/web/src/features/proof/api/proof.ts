import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';
import { hasToken } from '../../../lib/storage';

/** The member's own proof in the latest snapshot, with the signed document (decision 088). */
export const proofMineQueryOptions = () =>
  queryOptions({
    queryKey: ['proofMine'],
    queryFn: ({ signal }) => apiCall('proofMine', {}, { signal }),
    enabled: hasToken(),
  });

export const useProofMine = () => useQuery(proofMineQueryOptions());
