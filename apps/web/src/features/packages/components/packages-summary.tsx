import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HoldingEntry } from '@pp/contract';
import { paths } from '../../../lib/paths';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { currentLanguage } from '../../../lib/i18n';
import { formatExact, formatCount, parsePoints } from '@pp/contract';
import { useLiveHoldings } from '../api/buy-matching-list';
import { matchingListQueryOptions, useMatchingList } from '../api/matching-list';
import { AutoTopUpSwitch } from './auto-top-up';

/** The home page's packages card: live holdings, their principal and released reward, and auto top-up. */
export function PackagesSummary({ onAutoTopUpChanged }: { onAutoTopUpChanged?: () => void }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const live = useLiveHoldings();
  const products = useMatchingList();
  let body;
  if (live.data) {
    const { items } = live.data;
    const sum = (pick: (h: HoldingEntry) => string) => items.reduce((total, h) => total + (parsePoints(pick(h)) ?? 0n), 0n);
    body = (
      <dl className="revenue-list package-summary" data-testid="packages-summary">
        <div className="revenue-item">
          <dt>{t('packages.summary.live')}</dt>
          <dd data-testid="summary-live">
            {live.data.isPartial ? t('packages.summary.atLeast', { count: live.data.items.length }) : formatCount(live.data.items.length, language)}
          </dd>
        </div>
        <div className="revenue-item">
          <dt>{t('packages.summary.principal')}</dt>
          <dd data-testid="summary-principal">
            {formatExact(
              sum((h) => h.principal),
              language,
            )}
          </dd>
        </div>
        <div className="revenue-item">
          <dt>{t('packages.summary.released')}</dt>
          <dd data-testid="summary-released">
            {formatExact(
              sum((h) => h.released),
              language,
            )}
          </dd>
        </div>
      </dl>
    );
  } else {
    body = <CardLoadState isError={live.isError} onRetry={() => void live.refetch()} />;
  }
  return (
    <Card
      title={t('packages.summary.title')}
      action={
        <Link to={paths.package} className="btn btn-secondary btn-small">
          {t('packages.summary.open')}
        </Link>
      }
    >
      <div className="stack">
        {body}
        <AutoTopUpSwitch
          value={products.data?.autoTopUp}
          onChanged={() => {
            void queryClient.invalidateQueries({ queryKey: matchingListQueryOptions().queryKey });
            onAutoTopUpChanged?.();
          }}
        />
      </div>
    </Card>
  );
}
