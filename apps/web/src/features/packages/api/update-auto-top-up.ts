import { apiCall } from '../../../lib/api-client';

/** Turns auto top-up on or off: released rewards then grow the holding's principal instead of the available balance. */
export const updateAutoTopUp = (status: boolean) => apiCall('updateInsuranceAutoAddWarehouseStatus', { status });
