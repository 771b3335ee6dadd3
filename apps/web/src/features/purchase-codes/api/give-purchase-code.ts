import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type GivePurchaseCodeInput = Omit<RequestOf<'givePurchaseCode'>, 'requestId'>;

/** Gives one's own rush code to another member: it becomes a package of theirs; once per code. */
export const givePurchaseCode = (body: GivePurchaseCodeInput, requestId: string) => apiCall('givePurchaseCode', { ...body, requestId }, { requestId });
