import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { formatDecimal, formatExact } from '@pp/contract';
import { usePlanRanking, type RankingMonth } from '../api/plan-ranking';

const months: RankingMonth[] = ['current', 'last'];

/** /ranking: this month's and last month's top members by the plan's measure, names masked. */
export function RankingPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [month, setMonth] = useState<RankingMonth>('current');
  const name = useId();
  const ranking = usePlanRanking(month);
  const data = ranking.data;
  return (
    <>
      <PageHeader title={t('ranking.title')} description={t('ranking.description')} />
      <div className="stack">
        <fieldset className="segmented">
          <legend className="visually-hidden">{t('ranking.monthLabel')}</legend>
          {months.map((m) => (
            <label key={m} className={month === m ? 'segment segment-active' : 'segment'}>
              <input type="radio" name={name} value={m} checked={month === m} onChange={() => setMonth(m)} className="visually-hidden" />
              {t(`ranking.${m}`)}
            </label>
          ))}
        </fieldset>
        <Card title={data ? data.month : t('ranking.title')}>
          {!data ? (
            <CardLoadState isError={ranking.isError} onRetry={() => void ranking.refetch()} />
          ) : (
            <div className="stack-tight">
              <p className="record-note">{t(`ranking.measures.${data.measure}`)}</p>
              <p data-testid="ranking-mine">
                {data.myPlace !== null ? t('ranking.myPlace', { place: data.myPlace, amount: formatExact(data.myAmount, language) }) : t('ranking.notRanked')}
              </p>
              {data.items.length === 0 ? (
                <p className="empty">{t('ranking.empty')}</p>
              ) : (
                <ol className="ranking-list" data-testid="ranking-list">
                  {data.items.map((r) => (
                    <li key={r.place} className={r.isMe ? 'ranking-row ranking-me' : 'ranking-row'}>
                      <span className={`ranking-place ranking-place-${Math.min(r.place, 4)}`} aria-label={t('ranking.place')}>
                        {r.place}
                      </span>
                      <span className="ranking-name" data-user-content>
                        {r.userName}
                        {r.isMe ? <small className="ranking-me-tag">{t('ranking.me')}</small> : null}
                      </span>
                      <span className="ranking-amount">
                        <strong>{formatExact(r.amount, language)}</strong>
                        {Number(r.sharePercent) > 0 ? <small>{`${t('ranking.share')} ${formatDecimal(r.sharePercent, language)}%`}</small> : null}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </div>
          )}
        </Card>
      </div>
    </>
  );
}
