import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinNames, type RecordEntry } from '@pp/contract';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { TableBox } from '../../../components/ui/data-table';
import { SelectField } from '@pp/browser-kit';
import { EmptyState, ErrorState, LoadMore, Loading } from '../../../components/ui/states';
import { formatDateTime, formatExactAmount } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { useMemberLedger, type LedgerCoin } from '../api/member-ledger';

const statusTones: Record<RecordEntry['status'], BadgeTone> = {
  success: 'success',
  pendingReview: 'info',
  pendingDisbursement: 'info',
  processing: 'info',
  withdrawalRejected: 'danger',
  notReceived: 'warning',
  failed: 'danger',
  cancelled: 'neutral',
  rejected: 'danger',
};

/** What staff read in the note column: the exchange or the other member when known, else the memo as written. */
function useNoteOf(): (r: RecordEntry) => string {
  const { t } = useTranslation();
  return (r) => {
    if (!r.exchange) return r.counterparty ?? r.memo;
    const { sourceCoin, targetCoin } = r.exchange;
    return t('reviews.exchangeTypeName', { source: translateOr(`coins.${sourceCoin}`, sourceCoin), target: translateOr(`coins.${targetCoin}`, targetCoin) });
  };
}

/** A member's balances per point type and their records, newest first, as the ledger holds them. */
export function MemberLedger({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const noteOf = useNoteOf();
  const [coin, setCoin] = useState<LedgerCoin | null>(null);
  const { query: ledger, items: records } = useMemberLedger(memberId, coin);
  const balances = ledger.data?.pages[0]?.balances ?? [];

  return (
    <section className="card card-flush" aria-labelledby="member-ledger">
      <div className="card-head">
        <h2 className="card-title" id="member-ledger">
          {t('ledger.title')}
        </h2>
        <div className="inline-filter">
          <SelectField
            id="ledger-coin"
            label={t('ledger.coinFilter')}
            value={coin ?? ''}
            onValueChange={(value) => setCoin(value === '' ? null : (value as LedgerCoin))}
            options={[{ value: '', label: t('ledger.allCoins') }, ...coinNames.map((c) => ({ value: c, label: t(`coins.${c}`) }))]}
          />
        </div>
      </div>
      {ledger.isPending ? (
        <Loading />
      ) : ledger.isError ? (
        <ErrorState onRetry={() => void ledger.refetch()} />
      ) : (
        <>
          <TableBox label={t('ledger.balances')}>
            <table className="table">
              <caption className="visually-hidden">{t('ledger.balances')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ledger.coin')}</th>
                  <th scope="col" className="num">
                    {t('ledger.available')}
                  </th>
                  <th scope="col" className="num">
                    {t('ledger.frozen')}
                  </th>
                  <th scope="col" className="num">
                    {t('ledger.fixed')}
                  </th>
                  <th scope="col" className="num">
                    {t('ledger.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {balances.map((b) => (
                  <tr key={b.coinName}>
                    <th scope="row">{translateOr(`coins.${b.coinName}`, b.coinName)}</th>
                    <td className="num">{formatExactAmount(b.assetsAvailable)}</td>
                    <td className="num">{formatExactAmount(b.assetsFrozen)}</td>
                    <td className="num">{formatExactAmount(b.assetsFixed)}</td>
                    <td className="num">{formatExactAmount(b.assetsTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
          {records.length === 0 ? (
            <EmptyState>{t('ledger.noRecords')}</EmptyState>
          ) : (
            <TableBox label={t('ledger.records')}>
              <table className="table">
                <caption className="visually-hidden">{t('ledger.records')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('ledger.time')}</th>
                    <th scope="col">{t('ledger.type')}</th>
                    <th scope="col">{t('ledger.coin')}</th>
                    <th scope="col" className="num">
                      {t('ledger.amount')}
                    </th>
                    <th scope="col">{t('ledger.status')}</th>
                    <th scope="col">{t('ledger.memo')}</th>
                  </tr>
                </thead>
                <tbody>
                  {records.map((r) => (
                    <tr key={r.id}>
                      <td className="nowrap">{formatDateTime(r.createdAt)}</td>
                      <td>{t(`transactionTypes.${r.type}`)}</td>
                      <td className="nowrap">{translateOr(`coins.${r.coinName}`, r.coinName)}</td>
                      <td className={r.amount.startsWith('-') ? 'num nowrap amount-out' : 'num nowrap amount-in'}>{formatExactAmount(r.amount)}</td>
                      <td>
                        <Badge tone={statusTones[r.status]}>{t(`transactionStatuses.${r.status}`)}</Badge>
                      </td>
                      <td className="col-reason" data-user-content={r.exchange ? undefined : true}>
                        {noteOf(r)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableBox>
          )}
          <LoadMore hasMore={ledger.hasNextPage} isLoading={ledger.isFetchingNextPage} onLoadMore={() => void ledger.fetchNextPage()} />
        </>
      )}
    </section>
  );
}
