import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { exchangeListQueryOptions } from '../api/exchange-list';
import { ExchangeForm } from './exchange-form';
import { ExchangeRecords } from './exchange-records';

interface ExchangeSectionProps {
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  /** Points were held or released: whoever shows balances should read them again. */
  onBalancesChanged: () => void;
}

/** Exchange: the form and the member's exchange records (spec section 2, "Exchange"). */
export function ExchangeSection({ availableOf, coinLabel, onBalancesChanged }: ExchangeSectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onExchanged = () => {
    void queryClient.invalidateQueries({ queryKey: exchangeListQueryOptions().queryKey });
    onBalancesChanged();
  };
  return (
    <div className="stack">
      <Card title={t('exchange.title')}>
        <ExchangeForm availableOf={availableOf} coinLabel={coinLabel} onExchanged={onExchanged} />
      </Card>
      <Card title={t('exchange.records')}>
        <ExchangeRecords coinLabel={coinLabel} onCancelled={onBalancesChanged} />
      </Card>
    </div>
  );
}
