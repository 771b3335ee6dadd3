import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { PayoutsTab } from '../components/payouts-tab';
import { VersionsTab } from '../components/versions-tab';

const tabs = ['versions', 'payouts'] as const;
type Tab = (typeof tabs)[number];

/** The compensation plan (decision 022): its versions and the period payouts (dry run, then pay). */
export function PlanPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const current: Tab = tabs.find((tab) => tab === asked) ?? 'versions';
  return (
    <>
      <PageHeader title={t('plan.title')}>
        <p className="muted">{t('plan.intro')}</p>
      </PageHeader>
      <div className="tabs" role="tablist" aria-label={t('plan.title')}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`plan-tab-${tab}`}
            aria-selected={current === tab}
            aria-controls="plan-panel"
            className={current === tab ? 'tab is-active' : 'tab'}
            onClick={() => setParams(tab === 'versions' ? {} : { tab }, { replace: true })}
          >
            {t(`plan.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div id="plan-panel" role="tabpanel" aria-labelledby={`plan-tab-${current}`}>
        {current === 'versions' ? <VersionsTab /> : <PayoutsTab />}
      </div>
    </>
  );
}
