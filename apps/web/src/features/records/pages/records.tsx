import { useMemo, useState } from 'react';
import { transactionStatuses, transactionTypes, type RecordEntry } from '@pp/contract';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { PageHeader } from '../../../components/ui/page-header';
import { useAssetsRecordList } from '../api/assets-record-list';
import { useRecordTypeList } from '../api/record-type-list';
import { RecordDetailsDialog } from '../components/record-details-dialog';
import { RecordFilterBar } from '../components/record-filter-bar';
import { RecordList } from '../components/record-list';
import { StatementCard } from '../components/statement-card';
import { hasRecordFilters, noRecordFilters, recordFiltersRequest } from '../record-filters';
import { useDebounced } from '../../../lib/use-debounced';
import { translateKey } from '../../../lib/i18n';

interface RecordsPageProps {
  /** Wallet types to filter by, named for the reader (from the assets feature). */
  coinOptions: ReadonlyArray<{ value: string; label: string }>;
  coinLabel: (coinName: string) => string;
}

/** /records: every movement of the member's points, filtered, newest first, a page at a time. */
export function RecordsPage({ coinOptions, coinLabel }: RecordsPageProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(noRecordFilters);
  const [selected, setSelected] = useState<RecordEntry | null>(null);
  // Typed searches ask once the member stops typing; the selects and dates apply at once.
  const amount = useDebounced(values.amount, 400);
  const reference = useDebounced(values.reference, 400);
  const { filters, isRangeInverted, amountError, referenceError } = useMemo(
    () => recordFiltersRequest({ ...values, amount, reference }),
    // The typed fields count once settled, so a keystroke does not rebuild the request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [values.status, values.type, values.coinName, values.fromDay, values.toDay, amount, reference],
  );
  const isBlocked = isRangeInverted || amountError !== null || referenceError !== null;
  const records = useAssetsRecordList(filters, !isBlocked);
  const types = useRecordTypeList();

  const statusOptions = transactionStatuses.map((s) => ({ value: s, label: t(`records.statuses.${s}`) }));
  // The server's list says which types exist; until it arrives, the spec's full list.
  const typeOptions = (types.data?.map((x) => x.type) ?? transactionTypes).map((type) => ({ value: type, label: t(`records.types.${type}`) }));
  const items = records.data?.pages.flatMap((p) => p.items) ?? [];

  let body;
  if (isRangeInverted) {
    body = <p className="empty">{t('records.rangeInverted')}</p>;
  } else if (isBlocked) {
    body = <p className="empty">{t('records.searchInvalid')}</p>;
  } else if (records.data) {
    body =
      items.length === 0 ? (
        <p className="empty">{hasRecordFilters(values) ? t('records.emptyFiltered') : t('records.empty')}</p>
      ) : (
        <>
          <RecordList items={items} coinLabel={coinLabel} onOpen={setSelected} />
          <LoadMore hasMore={records.hasNextPage} isLoading={records.isFetchingNextPage} onLoadMore={() => void records.fetchNextPage()} />
        </>
      );
  } else if (records.isError) {
    body = (
      <div className="empty">
        <p>{t('common.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void records.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else {
    body = <div className="skeleton-lines" role="status" aria-busy="true" aria-label={t('app.loading')} />;
  }

  return (
    <>
      <PageHeader title={t('records.title')} />
      <div className="stack">
        <StatementCard coinLabel={coinLabel} />
        <Card>
          <RecordFilterBar
            values={values}
            onChange={setValues}
            statusOptions={statusOptions}
            typeOptions={typeOptions}
            coinOptions={coinOptions}
            isRangeInverted={isRangeInverted}
            amountError={amountError ? translateKey(amountError) : undefined}
            referenceError={referenceError ? translateKey(referenceError) : undefined}
            canReset={hasRecordFilters(values)}
          />
        </Card>
        {/* Old rows stay while new filters load; aria-busy says they are about to change. */}
        <Card className={records.isPlaceholderData ? 'is-refreshing' : undefined}>
          <div aria-busy={records.isFetching && !records.isFetchingNextPage}>{body}</div>
        </Card>
      </div>
      <RecordDetailsDialog record={selected} coinLabel={coinLabel} onClose={() => setSelected(null)} />
    </>
  );
}
