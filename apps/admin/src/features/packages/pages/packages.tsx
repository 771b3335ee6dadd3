import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useCan } from '../../../lib/staff-session';
import { CatalogueTab } from '../components/catalogue-tab';
import { HoldingsTab } from '../components/holdings-tab';
import { JackpotTab } from '../components/jackpot-tab';
import type { GradeLabel } from '../components/product-dialog';
import { SalesTab } from '../components/sales-tab';
import { SharesTab } from '../components/shares-tab';

const tabs = ['catalogue', 'sales', 'shares', 'holdings', 'jackpot'] as const;
type Tab = (typeof tabs)[number];

/**
 * Packages (decision 020): the catalogue staff sell, the rushes and flash sales and the shares
 * (decision 025), the holdings members bought and the jackpot draws. Claims are decided in the
 * review queue "packageClaim". The tab lives in the address, so Back returns to it. Sales and
 * shares read with config.read (as the page), holdings need members.read and the draws
 * dashboard.read, as the server asks.
 */
export function PackagesPage({ gradeLabel }: { gradeLabel: GradeLabel }) {
  const { t } = useTranslation();
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const visible = tabs.filter((tab) => (tab === 'holdings' ? can('members.read') : tab === 'jackpot' ? can('dashboard.read') : true));
  const asked = params.get('tab');
  const current: Tab = visible.find((tab) => tab === asked) ?? 'catalogue';

  return (
    <>
      <PageHeader title={t('packages.title')}>
        <p className="muted">{t('packages.intro')}</p>
      </PageHeader>
      <div className="tabs" role="tablist" aria-label={t('packages.title')}>
        {visible.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`packages-tab-${tab}`}
            aria-selected={current === tab}
            aria-controls="packages-panel"
            className={current === tab ? 'tab is-active' : 'tab'}
            onClick={() => setParams(tab === 'catalogue' ? {} : { tab }, { replace: true })}
          >
            {t(`packages.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div id="packages-panel" role="tabpanel" aria-labelledby={`packages-tab-${current}`} className="packages-panel">
        {current === 'catalogue' ? (
          <CatalogueTab gradeLabel={gradeLabel} />
        ) : current === 'sales' ? (
          <SalesTab gradeLabel={gradeLabel} />
        ) : current === 'shares' ? (
          <SharesTab />
        ) : current === 'holdings' ? (
          <HoldingsTab />
        ) : (
          <JackpotTab />
        )}
      </div>
    </>
  );
}
