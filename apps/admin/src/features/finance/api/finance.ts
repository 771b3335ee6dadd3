import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

/** The trial balance of a period (decision 090); asked for only once staff chose the period. */
export const useTrialBalance = (period: { from: string; to: string } | null) =>
  useQuery(
    queryOptions({
      queryKey: ['finance', 'trialBalance', period] as const,
      queryFn: ({ signal }) => apiCall('financeTrialBalance', period!, { signal }),
      enabled: period !== null,
    }),
  );

export const fetchJournal = (period: { from: string; to: string }) => apiCall('financeJournal', period);

export const useBankMappings = () =>
  useQuery(queryOptions({ queryKey: ['finance', 'mappings'] as const, queryFn: ({ signal }) => apiCall('reconMappingList', {}, { signal }) }));

export const useReconDay = (day: string) =>
  useQuery(queryOptions({ queryKey: ['finance', 'reconDay', day] as const, queryFn: ({ signal }) => apiCall('reconDay', { day }, { signal }) }));

const refresh = () => queryClient.invalidateQueries({ queryKey: ['finance'] });

export async function saveMapping(body: Omit<RequestOf<'reconMappingSave'>, 'requestId'>, requestId: string) {
  const saved = await apiCall('reconMappingSave', body, { requestId });
  await refresh();
  return saved;
}
export async function importStatement(body: Omit<RequestOf<'reconImport'>, 'requestId'>, requestId: string) {
  const made = await apiCall('reconImport', body, { requestId });
  await refresh();
  return made;
}
export async function resolveLine(body: Omit<RequestOf<'reconResolve'>, 'requestId'>, requestId: string) {
  const done = await apiCall('reconResolve', body, { requestId });
  await refresh();
  return done;
}
export async function signOffDay(body: Omit<RequestOf<'reconSignOff'>, 'requestId'>, requestId: string) {
  const done = await apiCall('reconSignOff', body, { requestId });
  await refresh();
  return done;
}

/** Hands a CSV text to the browser as a file download. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export const todayUtc = () => new Date().toISOString().slice(0, 10);
