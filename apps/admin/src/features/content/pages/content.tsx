import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { AnnouncementsTab } from '../components/announcements-tab';
import { BannersTab } from '../components/banners-tab';
import { DocumentsTab } from '../components/documents-tab';

const tabs = ['announcements', 'banners', 'documents'] as const;
type Tab = (typeof tabs)[number];

/**
 * Content (decision 023): announcements, dashboard banners and the edited documents. Bodies are
 * HTML that the server sanitizes to its allow-list; every save is audited. Writing needs
 * content.manage; reading, dashboard.read.
 */
export function ContentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const current: Tab = tabs.find((tab) => tab === params.get('tab')) ?? 'announcements';
  return (
    <>
      <PageHeader title={t('content.pageTitle')}>
        <p className="muted">{t('content.intro')}</p>
      </PageHeader>
      <div className="tabs" role="tablist" aria-label={t('content.pageTitle')}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`content-tab-${tab}`}
            aria-selected={current === tab}
            aria-controls="content-panel"
            className={current === tab ? 'tab is-active' : 'tab'}
            onClick={() => setParams(tab === 'announcements' ? {} : { tab }, { replace: true })}
          >
            {t(`content.tabs.${tab}`)}
          </button>
        ))}
      </div>
      <div id="content-panel" role="tabpanel" aria-labelledby={`content-tab-${current}`}>
        {current === 'announcements' ? <AnnouncementsTab /> : current === 'banners' ? <BannersTab /> : <DocumentsTab />}
      </div>
    </>
  );
}
