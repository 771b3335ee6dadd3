import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, useSubmit } from '@pp/browser-kit';
import { PageHeader } from '../../../components/ui/page-header';
import { FilterForm } from '../../../components/ui/list-page';
import { ErrorState, Loading } from '../../../components/ui/states';
import { downloadCsv, fetchJournal, todayUtc, useTrialBalance } from '../api/finance';

/** The books for the accountant (decision 090): the trial balance of a period and the journal as CSV. */
export function BooksPage() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ from: todayUtc(), to: todayUtc() });
  const [period, setPeriod] = useState<{ from: string; to: string } | null>(form);
  const balance = useTrialBalance(period);
  const journal = useSubmit();

  return (
    <>
      <PageHeader title={t('finance.books.title')}>
        <p className="muted">{t('finance.books.intro')}</p>
      </PageHeader>
      <FilterForm label={t('finance.books.period')} onSubmit={() => setPeriod({ ...form })}>
        <TextField id="books-from" label={t('finance.from')} type="date" value={form.from} onValueChange={(from) => setForm((f) => ({ ...f, from }))} />
        <TextField id="books-to" label={t('finance.to')} type="date" value={form.to} min={form.from} onValueChange={(to) => setForm((f) => ({ ...f, to }))} />
      </FilterForm>
      <section className="card" aria-labelledby="books-balance-title">
        <div className="card-head">
          <h2 id="books-balance-title" className="card-title">
            {t('finance.books.trialBalance')}
          </h2>
          <div className="actions">
            <button
              type="button"
              className="btn btn-small"
              disabled={!balance.data}
              onClick={() => balance.data && downloadCsv(`trial-balance-${balance.data.from}-${balance.data.to}.csv`, balance.data.csv)}
            >
              {t('finance.books.downloadBalance')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              disabled={!period || journal.isPending}
              onClick={() =>
                period &&
                void journal.run(
                  () => fetchJournal(period),
                  (j) => downloadCsv(`journal-${j.from}-${j.to}.csv`, j.csv),
                )
              }
            >
              {t('finance.books.downloadJournal')}
            </button>
          </div>
        </div>
        {journal.formError ? (
          <p className="form-error" role="alert">
            {journal.formError}
          </p>
        ) : null}
        {balance.isPending && period ? <Loading /> : null}
        {balance.isError ? <ErrorState onRetry={() => void balance.refetch()} /> : null}
        {balance.data ? (
          <div className="table-scroll">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('finance.books.coin')}</th>
                  <th scope="col">{t('finance.books.accountClass')}</th>
                  <th scope="col">{t('finance.books.code')}</th>
                  <th scope="col" className="num">
                    {t('finance.books.opening')}
                  </th>
                  <th scope="col" className="num">
                    {t('finance.books.debits')}
                  </th>
                  <th scope="col" className="num">
                    {t('finance.books.credits')}
                  </th>
                  <th scope="col" className="num">
                    {t('finance.books.closing')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {balance.data.rows.map((r) => (
                  <tr key={`${r.coinName}-${r.accountClass}-${r.code}`}>
                    <td>{r.coinName}</td>
                    <td>{r.accountClass}</td>
                    <td>{r.code}</td>
                    <td className="num">{r.opening}</td>
                    <td className="num">{r.debits}</td>
                    <td className="num">{r.credits}</td>
                    <td className="num">{r.closing}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                {balance.data.totals.map((total) => (
                  <tr key={total.coinName}>
                    <th scope="row" colSpan={4}>
                      {t('finance.books.total', { coin: total.coinName })}
                    </th>
                    <td className="num">{total.debits}</td>
                    <td className="num">{total.credits}</td>
                    <td />
                  </tr>
                ))}
              </tfoot>
            </table>
          </div>
        ) : null}
        {balance.data && balance.data.rows.length === 0 ? <p className="muted">{t('finance.books.empty')}</p> : null}
      </section>
    </>
  );
}
