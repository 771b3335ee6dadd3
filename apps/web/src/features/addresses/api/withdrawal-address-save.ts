import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type WithdrawalAddressInput = RequestOf<'addWithdrawalAddress'>;

/** Adds a wallet address, or changes the one with `id`; both need the transaction password. */
export const saveWithdrawalAddress = (input: WithdrawalAddressInput, id: string | null) =>
  id === null ? apiCall('addWithdrawalAddress', input) : apiCall('updateWithdrawalAddress', { ...input, id });
