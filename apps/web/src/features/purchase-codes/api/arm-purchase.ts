import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

/** Checks the transaction password before the start and answers a single-use permit for one sale. */
export const armPurchase = (body: RequestOf<'armPurchase'>) => apiCall('armPurchase', body);
