import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { HoldingEntry, HoldingEvent } from '@pp/contract';
import { paths } from '../../../lib/paths';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
import { PagedListBody } from '../../../components/ui/paged-list-body';
import { formatDateTime } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact, formatCount, projectHolding } from '@pp/contract';
import { useInsuranceDetailInfo } from '../api/insurance-detail-info';
import { useMatchingList } from '../api/matching-list';
import { EffectivenessBadge, KindBadge, StateBadge } from '../components/badges';
import { EventDetail } from '../components/event-detail';
import { ReleaseChart } from '../components/release-chart';
import { ReleaseProgress } from '../components/release-progress';
import { TermsList } from '../components/terms-list';

/** /package/:id: one holding, its terms and dates, the reward released against its cap, and its history. */
export function PackageDetailPage({ coinLabel }: { coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const detail = useInsuranceDetailInfo(id);
  const holding = detail.data?.pages[0]?.holding;
  const events = detail.data?.pages.flatMap((p) => p.events) ?? [];
  // Auto top-up is the member's setting (in the product list), not the holding's: it changes the projection.
  const isReinvest = useMatchingList().data?.autoTopUp ?? false;
  const projection = useMemo(() => (holding ? projectHolding(holding, isReinvest) : []), [holding, isReinvest]);
  const back = (
    <Link to={`${paths.package}?tab=holdings`} className="btn btn-secondary btn-small">
      {t('packages.detail.back')}
    </Link>
  );

  return (
    <>
      <PageHeader
        title={holding ? holding.productName : t('packages.detail.title')}
        description={holding ? t('packages.detail.number', { number: holding.number }) : undefined}
      />
      <div className="stack">
        <div>{back}</div>
        {holding ? (
          <>
            <HoldingHead holding={holding} coinLabel={coinLabel} />
            <ReleaseChart holding={holding} days={detail.data?.pages[0]?.releaseDays ?? []} projection={projection} coinLabel={coinLabel} />
            <Card title={t('packages.detail.terms')}>
              <TermsList terms={holding.terms} coinLabel={coinLabel} isFull />
            </Card>
            <Card title={t('packages.detail.history')}>
              <PagedListBody list={detail} isEmpty={events.length === 0} empty={t('packages.detail.noEvents')}>
                <EventList events={events} coinLabel={coinLabel} />
              </PagedListBody>
            </Card>
          </>
        ) : (
          <Card>
            <CardLoadState isError={detail.isError} onRetry={() => void detail.refetch()} />
          </Card>
        )}
      </div>
    </>
  );
}

function HoldingHead({ holding, coinLabel }: { holding: HoldingEntry; coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const dates: Array<[string, number | null]> = [
    [t('packages.detail.startedAt'), holding.startedAt],
    [t('packages.detail.effectiveAt'), holding.effectiveAt],
    [t('packages.detail.unlockAt'), holding.unlockAt],
    [t('packages.detail.expiresAt'), holding.expiresAt],
    [t('packages.detail.nextReleaseAt'), holding.nextReleaseAt],
    [t('packages.holdings.endedAt'), holding.endedAt],
  ];
  return (
    <Card
      title={t('packages.detail.summary')}
      action={
        <span className="badge-row">
          <KindBadge kind={holding.kind} />
          <StateBadge state={holding.state} />
          {holding.state !== 'expired' ? <EffectivenessBadge effectiveness={holding.effectiveness} /> : null}
        </span>
      }
    >
      <div className="stack-tight">
        <ReleaseProgress released={holding.released} cap={holding.rewardCap} coinLabel={coinLabel} />
        <dl className="info-list info-list-compact">
          <div className="info-row">
            <dt>{t('packages.holdings.units')}</dt>
            <dd>{formatCount(holding.units, language)}</dd>
          </div>
          <div className="info-row">
            <dt>{t('packages.holdings.principal')}</dt>
            <dd data-testid="detail-principal">
              {holding.principals.map((p) => `${formatExact(p.amount, language)} ${coinLabel(p.coinName)}`).join(' + ') ||
                formatExact(holding.principal, language)}
            </dd>
          </div>
          <div className="info-row">
            <dt>{t('packages.detail.source')}</dt>
            <dd>{t(`packages.sources.${holding.source}`)}</dd>
          </div>
          {holding.endReason ? (
            <div className="info-row">
              <dt>{t('packages.holdings.endReason')}</dt>
              <dd>{t(`packages.endReasons.${holding.endReason}`)}</dd>
            </div>
          ) : null}
          {dates
            .filter((d): d is [string, number] => d[1] !== null)
            .map(([label, at]) => (
              <div className="info-row" key={label}>
                <dt>{label}</dt>
                <dd>{formatDateTime(at, language)}</dd>
              </div>
            ))}
        </dl>
      </div>
    </Card>
  );
}

function EventList({ events, coinLabel }: { events: readonly HoldingEvent[]; coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ul className="card-list" aria-label={t('packages.detail.history')}>
      {events.map((e) => (
        <li key={e.id} className="list-card" data-testid="holding-event">
          <div className="list-card-row">
            <span className="list-card-title">{t(`packages.events.${e.type}`)}</span>
            <span
              className={e.amount.startsWith('-') ? 'amount amount-out' : 'amount amount-in'}
            >{`${formatExact(e.amount, language)} ${coinLabel(e.coinName)}`}</span>
          </div>
          <div className="list-card-row list-card-row-wrap">
            <span className="list-card-meta">{formatDateTime(e.at, language)}</span>
            <span className="list-card-meta">
              <EventDetail type={e.type} detail={e.detail} />
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
