import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type ActivatePurchaseCodeInput = Omit<RequestOf<'activatePurchaseCode'>, 'requestId'>;

/** Turns one's own rush code into a package for oneself; once per code. */
export const activatePurchaseCode = (body: ActivatePurchaseCodeInput, requestId: string) =>
  apiCall('activatePurchaseCode', { ...body, requestId }, { requestId });
