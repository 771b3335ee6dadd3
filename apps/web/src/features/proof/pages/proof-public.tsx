import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { proofDocumentPath } from '@pp/contract';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
import { apiCall } from '../../../lib/api-client';
import { PublishedCard } from '../components/published';

/** /liabilities: the latest published snapshot for anyone, when staff publish it (decision 088). */
export function ProofPublicPage() {
  const { t } = useTranslation();
  const published = useQuery({ queryKey: ['proofPublished'], queryFn: ({ signal }) => apiCall('proofPublished', {}, { signal }) });
  const data = published.data;
  return (
    <div className="stack proof-public">
      <PageHeader title={t('proofPublic.title')} description={t('proofPublic.description')} />
      {!data ? (
        <Card>
          <CardLoadState isError={published.isError} onRetry={() => void published.refetch()} />
        </Card>
      ) : data.document ? (
        <>
          <PublishedCard document={data.document} />
          <p className="record-note">
            <a href={proofDocumentPath}>{t('proofPublic.signedDocument')}</a>
          </p>
        </>
      ) : (
        <Card>
          <p className="empty" data-testid="proof-public-empty">
            {data.visibility === 'members' ? t('proofPublic.membersOnly') : t('proofPublic.none')}
          </p>
        </Card>
      )}
    </div>
  );
}
