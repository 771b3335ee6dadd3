import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type UpgradeInput = Omit<RequestOf<'upgradeMatching'>, 'requestId'>;

/** Moves a live holding to a product with a higher price, paying the difference; `requestId` as for a buy. */
export const upgradeMatching = (body: UpgradeInput, requestId: string) => apiCall('upgradeMatching', { ...body, requestId }, { requestId });
