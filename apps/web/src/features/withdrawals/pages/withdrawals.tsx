import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { WithdrawalChannel } from '@pp/contract';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { PageHeader } from '../../../components/ui/page-header';
import { useWithdrawalConfig } from '../api/withdrawal-config';
import { useWithdrawalInfo, withdrawalInfoQueryOptions } from '../api/withdrawal-info';
import { withdrawalOrderListKey } from '../api/withdrawal-order-list';
import { WithdrawalForm } from '../components/withdrawal-form';
import { WithdrawalHistory } from '../components/withdrawal-history';
import { WithdrawalSummary } from '../components/withdrawal-summary';
import type { WithdrawalDestinations } from '../destinations';

const channels = ['chain', 'bank'] as const satisfies readonly WithdrawalChannel[];

interface WithdrawalsPageProps {
  coinLabel: (coinName: string) => string;
  destinations: WithdrawalDestinations;
  /** Points were held: whoever shows balances and records should read them again. */
  onBalancesChanged: () => void;
}

/** /withdraw: the balance, a withdrawal on chain or to a bank account (the tabs of the enabled types), and the history. */
export function WithdrawalsPage({ coinLabel, destinations, onBalancesChanged }: WithdrawalsPageProps) {
  const { t } = useTranslation();
  const config = useWithdrawalConfig();
  const info = useWithdrawalInfo();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<WithdrawalChannel>('chain');
  const name = useId();
  // Told before the form, not after the password and the confirmation: with the most open
  // withdrawals a member may have, a new one is refused until one of them is paid or rejected.
  const isAtLimit = info.data !== undefined && info.data.pendingCount >= info.data.pendingMax;

  const onWithdrawn = () => {
    void queryClient.invalidateQueries({ queryKey: withdrawalInfoQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: withdrawalOrderListKey });
    onBalancesChanged();
  };

  let form;
  if (config.data) {
    // A channel with no enabled type has no tab.
    const shown = channels.filter((c) => config.data.types.some((x) => x.channel === c));
    const channel = shown.includes(picked) ? picked : shown[0];
    const types = config.data.types.filter((x) => x.channel === channel);
    form =
      channel === undefined ? (
        <p className="empty">{t('withdraw.unavailable')}</p>
      ) : (
        <div className="stack">
          {isAtLimit ? (
            <p className="withdraw-limit-notice" role="status" data-testid="withdraw-limit">
              {t('withdraw.limitReached', { max: info.data!.pendingMax })}
            </p>
          ) : null}
          {shown.length > 1 ? (
            <fieldset className="segmented withdraw-tabs">
              <legend className="visually-hidden">{t('withdraw.channel')}</legend>
              {shown.map((c) => (
                <label key={c} className={channel === c ? 'segment segment-active' : 'segment'}>
                  <input type="radio" name={name} value={c} checked={channel === c} onChange={() => setPicked(c)} className="visually-hidden" />
                  {t(`withdraw.tabs.${c}`)}
                </label>
              ))}
            </fieldset>
          ) : null}
          {/* A disabled fieldset disables every field and the submit inside it, natively. */}
          <fieldset className="withdraw-form-lock" disabled={isAtLimit}>
            <WithdrawalForm
              key={channel}
              channel={channel}
              types={types}
              available={info.data?.available}
              coinLabel={coinLabel}
              destinations={destinations}
              onWithdrawn={onWithdrawn}
            />
          </fieldset>
        </div>
      );
  } else {
    form = <CardLoadState isError={config.isError} onRetry={() => void config.refetch()} />;
  }

  return (
    <>
      <PageHeader title={t('pages.withdraw')} description={t('withdraw.description')} />
      <div className="transfer-layout">
        <WithdrawalSummary coinLabel={coinLabel} />
        <Card title={t('withdraw.formTitle')}>{form}</Card>
        <Card title={t('withdraw.history')}>
          <WithdrawalHistory coinLabel={coinLabel} />
        </Card>
      </div>
    </>
  );
}
