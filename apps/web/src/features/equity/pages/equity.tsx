import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
import { usePackageConfig } from '../../../lib/package-config';
import { buyEquityInfoQueryOptions, useBuyEquityInfo } from '../api/buy-equity-info';
import { buyEquityRecordListKey } from '../api/buy-equity-record-list';
import { EquityBuyForm } from '../components/equity-buy-form';
import { EquityFigures } from '../components/equity-figures';
import { EquityRecords } from '../components/equity-records';

interface EquityPageProps {
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  /** Points moved: whoever shows balances and records should read them again. */
  onBalancesChanged: () => void;
}

/** /equity: the share offer, the member's shares, buying more, and the purchase and bonus records. */
export function EquityPage({ availableOf, coinLabel, onBalancesChanged }: EquityPageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const info = useBuyEquityInfo();
  const onBought = () => {
    void queryClient.invalidateQueries({ queryKey: buyEquityInfoQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: buyEquityRecordListKey });
    onBalancesChanged();
  };

  // Closed: the menu's flag (packageConfig.equityBuyStatus) or the offer itself says so. Then the
  // page says "not on sale" instead of an offer of zeros at a price of 0.00; the member's own
  // shares (if any) and records stay.
  const packageConfig = usePackageConfig();
  const isClosed = packageConfig.data?.equityBuyStatus === false || info.data?.isOpen === false;
  if (isClosed) {
    const owns = info.data !== undefined && (info.data.totalOwned > 0 || /[1-9]/.test(info.data.bonus));
    return (
      <>
        <PageHeader title={t('pages.equity')} description={t('equity.description')} />
        <div className="stack">
          <Card title={t('equity.notOnSale')}>
            <div className="empty" data-testid="equity-closed">
              <p>{t('equity.notOpen')}</p>
            </div>
            {owns ? <EquityFigures info={info.data!} coinLabel={coinLabel} isOwnOnly /> : null}
          </Card>
          <Card title={t('equity.records')}>
            <EquityRecords coinLabel={coinLabel} />
          </Card>
        </div>
      </>
    );
  }

  const buy = info.data ? (
    <EquityBuyForm info={info.data} availableOf={availableOf} coinLabel={coinLabel} onBought={onBought} />
  ) : (
    <CardLoadState isError={info.isError} onRetry={() => void info.refetch()} />
  );

  return (
    <>
      <PageHeader title={t('pages.equity')} description={t('equity.description')} />
      <div className="stack">
        <Card title={t('equity.figures')}>
          {info.data ? <EquityFigures info={info.data} coinLabel={coinLabel} /> : <CardLoadState isError={info.isError} onRetry={() => void info.refetch()} />}
        </Card>
        <div className="transfer-layout">
          <Card title={t('equity.buyTitle')}>{buy}</Card>
          <Card title={t('equity.records')}>
            <EquityRecords coinLabel={coinLabel} />
          </Card>
        </div>
      </div>
    </>
  );
}
