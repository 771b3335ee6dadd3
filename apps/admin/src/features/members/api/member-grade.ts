import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export async function changeMemberGrade(body: Omit<RequestOf<'memberGrade'>, 'requestId'>, requestId: string): Promise<void> {
  await apiCall('memberGrade', body, { requestId, isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['members'] });
}
