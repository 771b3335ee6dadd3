import type { RequestOf, SaleKind } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';

export type SalePurchaseInput = Omit<RequestOf<'buyPurchaseCode'>, 'requestId'>;

/** Buys one item of a sale with the armed permit: a purchase code (rush) or a package (flash sale). */
export const salePurchase = (kind: SaleKind, body: SalePurchaseInput, requestId: string) =>
  apiCall(kind === 'code' ? 'buyPurchaseCode' : 'flashSaleBuy', { ...body, requestId }, { requestId });
