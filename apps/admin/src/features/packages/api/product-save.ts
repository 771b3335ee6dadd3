import type { ProductAdminEntry } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import type { ProductSaveRequest } from '../product-form';

/**
 * Creates or changes a product (audited by the server with the before and after). Quiet: the
 * dialog shows the refusal beside the field it names. The catalogue reloads after.
 */
export async function saveProduct(request: ProductSaveRequest, requestId: string): Promise<ProductAdminEntry> {
  const entry = await apiCall('productSave', { ...request, requestId }, { requestId, isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['packages', 'products'] });
  return entry;
}
