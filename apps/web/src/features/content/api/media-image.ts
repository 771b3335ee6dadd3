import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

/** A banner image as a blob URL (images travel in the envelope like every answer). */
export const getMediaImage = async (id: string, signal?: AbortSignal): Promise<string> => {
  const file = await apiCall('mediaImage', { id }, { signal });
  const bytes = Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0));
  return URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
};

export const mediaImageQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['mediaImage', id], queryFn: ({ signal }) => getMediaImage(id, signal), staleTime: Infinity, gcTime: 30 * 60_000 });

export const useMediaImage = (id: string) => useQuery(mediaImageQueryOptions(id));
