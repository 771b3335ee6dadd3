import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export type MemberAction = RequestOf<'memberAction'>['action'];

/** Lock, unlock, revoke sessions or reset the transaction-password lock; then reload the member. */
export async function runMemberAction(body: Omit<RequestOf<'memberAction'>, 'requestId'>, requestId: string): Promise<void> {
  await apiCall('memberAction', body, { requestId, isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['members'] });
}
