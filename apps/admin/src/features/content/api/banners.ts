import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BannerAdminEntry, RequestOf, UploadInfo } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const bannerListQuery = () =>
  queryOptions({ queryKey: ['content', 'banners'] as const, queryFn: ({ signal }) => apiCall('bannerAdminList', {}, { signal }) });

export const useBannerAdminList = () => useQuery(bannerListQuery());

export async function saveBanner(request: RequestOf<'bannerSave'>): Promise<BannerAdminEntry> {
  const entry = await apiCall('bannerSave', request, { isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['content', 'banners'] });
  return entry;
}

export async function deleteBanner(id: string): Promise<void> {
  await apiCall('bannerDelete', { id, reason: '' });
  await queryClient.invalidateQueries({ queryKey: ['content', 'banners'] });
}

/** A banner image: checked and re-encoded by the server's uploads module (decision 016). */
export async function uploadContentImage(file: File): Promise<UploadInfo> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return apiCall('contentImageUpload', { fileName: file.name, content: btoa(binary) });
}
