import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { SaleList } from './sale-list';

interface FlashSalesProps {
  coinLabel: (coinName: string) => string;
  /** A flash-sale package was bought: holdings and balances changed. */
  onBought: () => void;
}

/** The flash-sale panel of /package and /index: open or upcoming flash sales; nothing when there are none. */
export function FlashSales({ coinLabel, onBought }: FlashSalesProps) {
  const { t } = useTranslation();
  return (
    <SaleList
      kind="flash"
      coinLabel={coinLabel}
      onBought={onBought}
      empty={null}
      isOpenOrUpcomingOnly
      frame={(list) => (
        <Card title={t('scarce.flashSales')} className="flash-sales">
          <div className="stack-tight">
            <p className="card-note">{t('scarce.flashIntro')}</p>
            {list}
          </div>
        </Card>
      )}
    />
  );
}
