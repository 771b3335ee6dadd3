import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentKind, DocumentVersionEntry, Language, RequestOf } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';

export const documentVersionsQuery = (kind: DocumentKind, lang: Language) =>
  queryOptions({ queryKey: ['content', 'documents', kind, lang] as const, queryFn: ({ signal }) => apiCall('documentVersions', { kind, lang }, { signal }) });

export const useDocumentVersions = (kind: DocumentKind, lang: Language) => useQuery(documentVersionsQuery(kind, lang));

/** A new version from the one the editor started at; quiet: the form shows a refusal. */
export async function publishDocument(request: RequestOf<'documentPublish'>): Promise<DocumentVersionEntry> {
  const entry = await apiCall('documentPublish', request, { isQuiet: true });
  await queryClient.invalidateQueries({ queryKey: ['content', 'documents', request.kind, request.lang] });
  return entry;
}
