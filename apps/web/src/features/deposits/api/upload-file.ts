import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/**
 * One of the member's own stored files (a deposit receipt), read through the sealed uploadFile
 * call with the member's session: the server answers only the owner (decision 016), so there is
 * no file URL to open. The thumbnail shows its own loading and error states: no toast.
 */
export const getUploadFile = (id: string, signal?: AbortSignal) => apiCall('uploadFile', { id }, { signal, isQuiet: true });

export const uploadFileQuery = (id: string) =>
  queryOptions({
    queryKey: ['uploads', 'file', id] as const,
    queryFn: ({ signal }) => getUploadFile(id, signal),
    // A stored file never changes: read it once while the page is open, keep it a little after.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });

export const useUploadFile = (id: string) => useQuery(uploadFileQuery(id));
