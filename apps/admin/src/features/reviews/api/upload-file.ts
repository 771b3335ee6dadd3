import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** A member's uploaded file (a deposit receipt), fetched with the staff session (decision 016). */
export const getUploadFile = (id: string, signal?: AbortSignal) => apiCall('staffUploadFile', { id }, { signal });

export const uploadFileQuery = (id: string) =>
  queryOptions({
    queryKey: ['uploads', 'file', id] as const,
    queryFn: ({ signal }) => getUploadFile(id, signal),
    // A stored file never changes; keep it while the drawer is open and a little after.
    staleTime: Infinity,
    gcTime: 60_000,
  });

export const useUploadFile = (id: string) => useQuery(uploadFileQuery(id));
