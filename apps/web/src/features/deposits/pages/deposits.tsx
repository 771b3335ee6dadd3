import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { useBankDepositConfig } from '../api/bank-deposit-config';
import { depositRecordListKey } from '../api/deposit-record-list';
import { BankDepositForm } from '../components/bank-deposit-form';
import { ChainDepositPanel } from '../components/chain-deposit-panel';
import { DepositHistory } from '../components/deposit-history';

const tabs = ['bank', 'usdt'] as const;
type Tab = (typeof tabs)[number];

interface DepositsPageProps {
  /** A deposit moved (or will move) money: whoever shows balances and records should read them again. */
  onBalancesChanged?: () => void;
}

/** /recharge: deposit by bank transfer (with the receipt) or in USDT on chain, and the history. */
export function DepositsPage({ onBalancesChanged }: DepositsPageProps = {}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('bank');
  const name = useId();
  return (
    <>
      <PageHeader title={t('pages.recharge')} description={t('deposit.description')} />
      <fieldset className="segmented deposit-tabs">
        <legend className="visually-hidden">{t('deposit.method')}</legend>
        {tabs.map((choice) => (
          <label key={choice} className={tab === choice ? 'segment segment-active' : 'segment'}>
            <input type="radio" name={name} value={choice} checked={tab === choice} onChange={() => setTab(choice)} className="visually-hidden" />
            {t(`deposit.tabs.${choice}`)}
          </label>
        ))}
      </fieldset>
      {tab === 'bank' ? <BankTab onBalancesChanged={onBalancesChanged} /> : <UsdtTab />}
    </>
  );
}

function BankTab({ onBalancesChanged }: DepositsPageProps) {
  const { t } = useTranslation();
  const config = useBankDepositConfig();
  const queryClient = useQueryClient();
  const onDeposited = () => {
    void queryClient.invalidateQueries({ queryKey: depositRecordListKey });
    onBalancesChanged?.();
  };
  let form;
  if (config.data) form = <BankDepositForm config={config.data} onDeposited={onDeposited} />;
  else if (config.isError)
    form = (
      <div className="empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void config.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  else form = <div className="skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  return (
    <div className="transfer-layout">
      <Card title={t('deposit.formTitle')}>{form}</Card>
      <Card title={t('deposit.history')}>
        <DepositHistory />
      </Card>
    </div>
  );
}

/** USDT on chain: the member's deposit address per chain and the chain deposits (decision 017). */
function UsdtTab() {
  return (
    <Card>
      <ChainDepositPanel />
    </Card>
  );
}
