import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@pp/browser-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { EmptyState, ErrorState, LoadMore, Loading } from '../../../components/ui/states';
import { useCan } from '../../../lib/staff-session';
import { useHotWalletStatus } from '../api/hot-wallet-status';
import { usePayoutList, type PayoutChannelFilter, type PayoutFilter, type PayoutStatusFilter } from '../api/payout-list';
import { HotWalletPanel } from '../components/hot-wallet-panel';
import { PayoutCard } from '../components/payout-card';
import { PayoutDialogs, type PayoutTarget } from '../components/payout-dialogs';

const statusFilters: readonly PayoutStatusFilter[] = ['pendingDisbursement', 'processing', 'success'];
const channelFilters: readonly PayoutChannelFilter[] = ['chain', 'bank'];

/**
 * Payouts of approved withdrawals (decision 019): the hot wallet's state, then the orders waiting
 * for disbursement (by default), being paid or paid. Staff with payouts.send pay an order from
 * the hot wallet, record their own chain transfer (the server checks the hash on chain) or a bank
 * transfer, or reject it unpaid; everyone with reviews.read can look.
 */
export function PayoutsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const canSend = can('payouts.send');
  const [filter, setFilter] = useState<PayoutFilter>({ status: 'pendingDisbursement', channel: '' });
  const [target, setTarget] = useState<PayoutTarget | null>(null);
  const { query: list, items } = usePayoutList(filter);
  const hotWallet = useHotWalletStatus();
  const hasHotWallet = Boolean(hotWallet.data?.address);

  return (
    <>
      <PageHeader title={t('payouts.title')}>
        <p className="muted">{canSend ? t('payouts.intro') : t('payouts.introRead')}</p>
      </PageHeader>
      <HotWalletPanel />
      <div className="filters payout-filters card" role="search" aria-label={t('payouts.filters')}>
        <SelectField
          id="payout-status"
          label={t('payouts.status')}
          value={filter.status}
          onValueChange={(value) => setFilter({ ...filter, status: value as PayoutStatusFilter | '' })}
          options={[{ value: '', label: t('payouts.allStatuses') }, ...statusFilters.map((s) => ({ value: s, label: t(`payouts.statuses.${s}`) }))]}
        />
        <SelectField
          id="payout-channel"
          label={t('payouts.channel')}
          value={filter.channel}
          onValueChange={(value) => setFilter({ ...filter, channel: value as PayoutChannelFilter | '' })}
          options={[{ value: '', label: t('payouts.allChannels') }, ...channelFilters.map((c) => ({ value: c, label: t(`payouts.channels.${c}`) }))]}
        />
        <div className="filters-actions">
          <button
            type="button"
            className="btn"
            onClick={() => void Promise.all([list.refetch(), hotWallet.refetch()])}
            disabled={list.isFetching}
            aria-busy={list.isFetching && !list.isPending}
          >
            {t('common.refresh')}
          </button>
        </div>
      </div>
      <section aria-labelledby="payout-list-title" className="payout-section">
        <h2 className="visually-hidden" id="payout-list-title">
          {t('payouts.list')}
        </h2>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState>{t('payouts.empty')}</EmptyState>
        ) : (
          <ul className="payout-list">
            {items.map((entry) => (
              <li key={entry.id}>
                <PayoutCard entry={entry} canSend={canSend} hasHotWallet={hasHotWallet} onAction={(e, action) => setTarget({ entry: e, action })} />
              </li>
            ))}
          </ul>
        )}
        <LoadMore hasMore={list.hasNextPage} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
      </section>
      <PayoutDialogs target={target} onClose={() => setTarget(null)} />
    </>
  );
}
