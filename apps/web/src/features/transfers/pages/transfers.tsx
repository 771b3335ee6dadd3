import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useTransferConfig } from '../api/transfer-config';
import { transferListKey } from '../api/transfer-list';
import { recentRecipientsKey } from '../api/transfer-recipient';
import { TransferForm } from '../components/transfer-form';
import { TransferHistory } from '../components/transfer-history';

interface TransfersPageProps {
  availableOf: (coinName: string) => string | undefined;
  coinLabel: (coinName: string) => string;
  selfUserName: string | undefined;
  /** Points moved: whoever shows balances and records should read them again. */
  onBalancesChanged: () => void;
}

/** /transfer: send points to another member by username, and the history both ways. */
export function TransfersPage({ availableOf, coinLabel, selfUserName, onBalancesChanged }: TransfersPageProps) {
  const { t } = useTranslation();
  const config = useTransferConfig();
  const queryClient = useQueryClient();
  const onTransferred = () => {
    void queryClient.invalidateQueries({ queryKey: transferListKey });
    void queryClient.invalidateQueries({ queryKey: recentRecipientsKey });
    onBalancesChanged();
  };

  let form;
  if (config.data) {
    form =
      config.data.coins.length === 0 ? (
        <p className="empty">{t('transfer.unavailable')}</p>
      ) : (
        <TransferForm config={config.data} availableOf={availableOf} coinLabel={coinLabel} selfUserName={selfUserName} onTransferred={onTransferred} />
      );
  } else if (config.isError) {
    form = (
      <div className="empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void config.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    form = <div className="skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  }

  return (
    <>
      <PageHeader title={t('transfer.title')} description={t('transfer.description')} />
      <div className="transfer-layout">
        <Card title={t('transfer.formTitle')}>{form}</Card>
        <Card title={t('transfer.history')}>
          <TransferHistory coinLabel={coinLabel} />
        </Card>
      </div>
    </>
  );
}
