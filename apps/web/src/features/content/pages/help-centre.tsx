import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useSupportOpener } from '../../../components/layouts/support-opener';
import { SupportHours } from '../../../components/ui/support-hours';
import { useHelpCentre, useSupportHours } from '../api/help-centre';
import { ContentHtml } from '../components/content-html';
import { searchHelp } from '../lib/help-search';

/** "Did not find it?": the support hours and the way into the chat. */
function AskSupport() {
  const { t } = useTranslation();
  const openSupport = useSupportOpener();
  const support = useSupportHours();
  return (
    <div className="help-ask">
      <p className="help-ask-title">{t('help.askTitle')}</p>
      <SupportHours config={support.data} />
      {openSupport ? (
        <button type="button" className="btn btn-primary btn-small" onClick={openSupport} aria-haspopup="dialog">
          {t('help.askButton')}
        </button>
      ) : null}
    </div>
  );
}

/** /help: the FAQ staff write in each language, searchable, each answer opened in place. */
export function HelpCentrePage() {
  const { t } = useTranslation();
  const help = useHelpCentre();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const searchId = useId();

  if (help.data === undefined) {
    return (
      <>
        <PageHeader title={t('help.title')} />
        <Card>
          <CardLoadState isError={help.isError} onRetry={() => void help.refetch()} />
        </Card>
      </>
    );
  }
  if (help.data === null) {
    return (
      <>
        <PageHeader title={t('help.title')} />
        <Card>
          <p className="empty">{t('help.empty')}</p>
          <AskSupport />
        </Card>
      </>
    );
  }
  const found = searchHelp(help.data.entries, deferred);
  return (
    <>
      <PageHeader title={help.data.title} />
      <Card className="help-centre">
        <div className="help-search" role="search">
          <label className="field-label" htmlFor={searchId}>
            {t('help.searchLabel')}
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            value={query}
            maxLength={100}
            placeholder={t('help.searchPlaceholder')}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
          <p className="field-hint" role="status" aria-live="polite">
            {deferred.trim() ? t('help.found', { count: found.length }) : t('help.count', { count: help.data.entries.length })}
          </p>
        </div>
        {help.data.introHtml && !deferred.trim() ? <ContentHtml html={help.data.introHtml} lang={help.data.lang} /> : null}
        {found.length === 0 ? (
          <p className="empty">{t('help.noMatch', { query: deferred.trim() })}</p>
        ) : (
          <div className="help-list" lang={help.data.lang}>
            {found.map((entry) => (
              <details key={entry.id} className="help-entry" open={found.length === 1}>
                <summary className="help-question">{entry.question}</summary>
                <ContentHtml html={entry.answerHtml} lang={help.data?.lang} />
              </details>
            ))}
          </div>
        )}
        <AskSupport />
      </Card>
    </>
  );
}
