import type { TotpDisableRequest } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export const disableTotp = (body: TotpDisableRequest) => apiCall('securityTotpDisable', body);
