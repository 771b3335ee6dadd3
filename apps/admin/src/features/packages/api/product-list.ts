import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api-client';

export const productListQuery = () =>
  queryOptions({
    queryKey: ['packages', 'products'] as const,
    queryFn: ({ signal }) => apiCall('productAdminList', {}, { signal }),
  });

export const useProductList = () => useQuery(productListQuery());
