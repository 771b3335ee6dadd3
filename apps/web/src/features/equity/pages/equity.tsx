import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
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

  let buy;
  if (!info.data) buy = <CardLoadState isError={info.isError} onRetry={() => void info.refetch()} />;
  else if (!info.data.isOpen)
    buy = (
      <div className="empty" data-testid="equity-closed">
        <p>{t('equity.notOpen')}</p>
      </div>
    );
  else buy = <EquityBuyForm info={info.data} availableOf={availableOf} coinLabel={coinLabel} onBought={onBought} />;

  return (
    <>
      <PageHeader title={t('pages.equity')} description={t('equity.description')} />
      <div className="stack">
        <Card title={t('equity.figures')}>{info.data ? <EquityFigures info={info.data} coinLabel={coinLabel} /> : <CardLoadState isError={info.isError} onRetry={() => void info.refetch()} />}</Card>
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
