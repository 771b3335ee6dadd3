import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { purchaseCodeRecordListKey } from '../api/purchase-code-record-list';
import { MyCodes } from '../components/my-codes';
import { SaleList } from '../components/sale-list';

interface PurchaseCodesPageProps {
  coinLabel: (coinName: string) => string;
  selfUserName: string | undefined;
  /** Points moved or a package was made: balances, records and holdings should be read again. */
  onBalancesChanged: () => void;
}

/** /code: purchase-code rushes (countdown, arming, buying) and the member's codes. */
export function PurchaseCodesPage({ coinLabel, selfUserName, onBalancesChanged }: PurchaseCodesPageProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onChanged = () => {
    queryClient.removeQueries({ queryKey: purchaseCodeRecordListKey, type: 'inactive' });
    void queryClient.invalidateQueries({ queryKey: purchaseCodeRecordListKey });
    onBalancesChanged();
  };
  return (
    <>
      <PageHeader title={t('pages.code')} description={t('purchaseCodes.description')} />
      <div className="stack">
        <Card title={t('scarce.rushes')}>
          <div className="stack-tight">
            <p className="card-note">{t('purchaseCodes.howItWorks')}</p>
            <SaleList kind="code" coinLabel={coinLabel} onBought={onChanged} empty={t('purchaseCodes.noRushes')} />
          </div>
        </Card>
        <Card title={t('purchaseCodes.mine')}>
          <MyCodes coinLabel={coinLabel} selfUserName={selfUserName} onChanged={onChanged} />
        </Card>
      </div>
    </>
  );
}
