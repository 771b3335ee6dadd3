import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { TableBox } from '../../../components/ui/data-table';
import { EmptyState, ErrorState, Loading } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/staff-session';
import { usePlanVersions } from '../api/plan';
import { VersionDialog } from './version-dialog';

/** Every version of the plan, newest first, and a new one (plan.manage). */
export function VersionsTab() {
  const { t } = useTranslation();
  const can = useCan();
  const versions = usePlanVersions();
  const [isCreating, setIsCreating] = useState(false);
  if (versions.isPending) return <Loading />;
  if (versions.isError) return <ErrorState onRetry={() => void versions.refetch()} />;
  const inForce = versions.data.find((v) => v.isInForce) ?? versions.data[0];
  return (
    <div className="stack">
      {can('plan.manage') && inForce ? (
        <div>
          <button type="button" className="btn btn-primary" onClick={() => setIsCreating(true)}>
            {t('plan.versions.new')}
          </button>
          <VersionDialog base={inForce} isOpen={isCreating} onClose={() => setIsCreating(false)} />
        </div>
      ) : null}
      {versions.data.length === 0 ? (
        <EmptyState>{t('plan.versions.empty')}</EmptyState>
      ) : (
        <TableBox label={t('plan.versions.title')}>
          <table className="table" data-testid="plan-versions">
            <caption className="visually-hidden">{t('plan.versions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('plan.versions.version')}</th>
                <th scope="col">{t('plan.versions.effectiveAt')}</th>
                <th scope="col">{t('plan.versions.note')}</th>
                <th scope="col">{t('plan.versions.createdBy')}</th>
                <th scope="col">{t('plan.versions.summary')}</th>
              </tr>
            </thead>
            <tbody>
              {versions.data.map((v) => (
                <tr key={v.id}>
                  <td>
                    {v.version}{' '}
                    {v.isInForce ? (
                      <Badge tone="success">{t('plan.versions.inForce')}</Badge>
                    ) : inForce && v.version > inForce.version ? (
                      <Badge tone="info">{t('plan.versions.scheduled')}</Badge>
                    ) : null}
                  </td>
                  <td>{v.effectiveAt === 0 ? t('plan.versions.fromTheStart') : formatDateTime(v.effectiveAt)}</td>
                  <td>{v.note}</td>
                  <td>{v.createdBy}</td>
                  <td>
                    {t('plan.versions.summaryValue', {
                      direct: v.document.directBonus.percent,
                      generations: v.document.algebraicBonus.generations.length,
                      fee: v.document.bonusFee.percent,
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </div>
  );
}
