import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type ActivationCodeBuyInput = Omit<RequestOf<'activationCodeBuy'>, 'requestId'>;

/** Buys a package for someone: paid now, handed over as a code. */
export const activationCodeBuy = (body: ActivationCodeBuyInput, requestId: string) => apiCall('activationCodeBuy', { ...body, requestId }, { requestId });
