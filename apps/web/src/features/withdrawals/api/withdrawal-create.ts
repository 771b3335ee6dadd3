import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type ChainWithdrawalInput = Omit<RequestOf<'bscWithdrawal'>, 'requestId'>;
export type BankWithdrawalInput = Omit<RequestOf<'withdrawal'>, 'requestId'>;

/** Asks for an on-chain withdrawal (held, then reviewed); `requestId` makes a retry safe (one order, not two). */
export const createChainWithdrawal = (body: ChainWithdrawalInput, requestId: string) => apiCall('bscWithdrawal', { ...body, requestId }, { requestId });

/** Asks for a withdrawal to a bank account (held, then reviewed); `requestId` as above. */
export const createBankWithdrawal = (body: BankWithdrawalInput, requestId: string) => apiCall('withdrawal', { ...body, requestId }, { requestId });
