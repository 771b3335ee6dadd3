import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const checkBuyInsurance = (productId: string, quantity: number, signal?: AbortSignal) =>
  apiCall('checkBuyInsurance', { productId, quantity }, { signal });

/** Whether the member may buy `quantity` units now, what it costs and why not; asked again on every change. */
export const checkBuyInsuranceQueryOptions = (productId: string, quantity: number | null) =>
  queryOptions({
    queryKey: ['checkBuyInsurance', productId, quantity],
    queryFn: ({ signal }) => checkBuyInsurance(productId, quantity ?? 1, signal),
    enabled: quantity !== null,
    staleTime: 0,
  });

export const useCheckBuyInsurance = (productId: string, quantity: number | null) =>
  useQuery({ ...checkBuyInsuranceQueryOptions(productId, quantity), placeholderData: keepPreviousData });
