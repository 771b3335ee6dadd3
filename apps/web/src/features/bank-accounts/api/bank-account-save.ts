import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type BankAccountInput = RequestOf<'addBankAccount'>;

/** Adds a bank account, or changes the one with `id`; both need the transaction password. */
export const saveBankAccount = (input: BankAccountInput, id: string | null) =>
  id === null ? apiCall('addBankAccount', input) : apiCall('updateBankAccount', { ...input, id });
