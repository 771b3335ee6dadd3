import type { TotpEnableRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

/** Turns two-step login on; the answer holds the recovery codes, shown this once. */
export const enableTotp = (body: TotpEnableRequest) => apiCall('securityTotpEnable', body);
