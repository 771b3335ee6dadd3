import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanRunResponse, PlanVersionEntry } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const planVersionsQuery = () =>
  queryOptions({
    queryKey: ['plan', 'versions'] as const,
    queryFn: ({ signal }) => apiCall('planVersionList', {}, { signal }).then((r) => r.items),
  });
export const usePlanVersions = () => useQuery(planVersionsQuery());

export const planPeriodsQuery = () =>
  queryOptions({
    queryKey: ['plan', 'periods'] as const,
    queryFn: ({ signal }) => apiCall('planPeriodList', {}, { signal }).then((r) => r.items),
  });
export const usePlanPeriods = () => useQuery(planPeriodsQuery());

/** A new version (audited by the server). Quiet: the dialog shows the refusal. */
export async function createPlanVersion(
  request: { document: PlanVersionEntry['document']; effectiveAt: number; note: string },
  requestId: string,
): Promise<PlanVersionEntry> {
  const entry = await apiCall('planVersionCreate', request, { requestId, isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['plan', 'versions'] });
  return entry;
}

/** Every line a period would pay now, and the totals per type; writes nothing. */
export const dryRunPeriod = (periodKey: string): Promise<PlanRunResponse> => apiCall('planDryRun', { periodKey });

/** Pays a period that has ended; a paid period pays nothing. */
export async function runPeriod(periodKey: string, requestId: string): Promise<PlanRunResponse> {
  const result = await apiCall('planRun', { periodKey }, { requestId, isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['plan', 'periods'] });
  return result;
}
