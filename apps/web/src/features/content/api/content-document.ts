import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentKind } from '@pp/contract';
import { apiCall } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';

export const getContentDocument = (kind: DocumentKind, signal?: AbortSignal) => apiCall('contentDocument', { kind }, { signal });

/** The current version of a staff-edited document in the reader's language (or the fallback); null before any. */
export const contentDocumentQueryOptions = (kind: DocumentKind) =>
  queryOptions({ queryKey: ['contentDocument', kind, currentLanguage()], queryFn: ({ signal }) => getContentDocument(kind, signal) });

export const useContentDocument = (kind: DocumentKind) => useQuery(contentDocumentQueryOptions(kind));
