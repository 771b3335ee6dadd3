import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { communityMonthOffsetMs, formatExact, type RecordStatement } from '@pp/contract';
import { SelectField, showToast } from '@pp/browser-kit';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { describeTimeZone } from '../../../lib/dates';
import { currentLanguage } from '../../../lib/i18n';
import { useRecordStatement } from '../api/record-statement';
import { statementCsv, type StatementTexts } from '../statement/statement-document';

/** Months a member can pick: this one and the 23 before it. */
const monthsShown = 24;

/** "YYYY-MM" of the months shown, newest first, in the statement's month zone (the server's). */
export function recentMonths(now: number, count = monthsShown): string[] {
  const d = new Date(now + communityMonthOffsetMs);
  const index = d.getUTCFullYear() * 12 + d.getUTCMonth();
  return Array.from({ length: count }, (_, back) => {
    const i = index - back;
    return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
  });
}

function monthName(month: string, language: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(Date.UTC(year, monthNumber - 1, 1));
}

function download(bytes: BlobPart, type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the page's can go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

interface StatementCardProps {
  coinLabel: (coinName: string) => string;
}

/** A month's statement: opening and closing balance per point type, and the month as CSV or PDF (decision 092). */
export function StatementCard({ coinLabel }: StatementCardProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  // The months as of the page's opening: a page left open past midnight keeps its list.
  const [months] = useState(() => recentMonths(Date.now()));
  const [month, setMonth] = useState(months[0]!);
  const statement = useRecordStatement(month, true);
  const [isMakingPdf, setIsMakingPdf] = useState(false);

  const texts = (s: RecordStatement): StatementTexts => {
    const zone = describeTimeZone(s.timeZone, language, s.fromMs);
    return {
      title: t('records.statement.documentTitle'),
      period: t('records.statement.period', {
        month: monthName(s.month, language),
        zone: zone.name === zone.offset ? zone.offset : `${zone.name} (${zone.offset})`,
      }),
      summaryTitle: t('records.statement.summary'),
      linesTitle: t('records.statement.lines'),
      pointType: t('records.walletType'),
      opening: t('records.statement.opening'),
      credits: t('records.statement.credits'),
      debits: t('records.statement.debits'),
      closing: t('records.statement.closing'),
      time: t('records.time'),
      type: t('records.type'),
      amount: t('records.amount'),
      balance: t('records.statement.balance'),
      empty: t('records.statement.noMovements'),
      truncated: t('records.statement.truncated', { count: s.lines.length }),
      page: t('records.statement.page', { page: '{{page}}', pages: '{{pages}}' }),
      typeName: (type) => t(`records.types.${type}`),
      coinLabel,
    };
  };
  const fileName = (s: RecordStatement, extension: string) => `${t('records.statement.fileName')}-${s.month}.${extension}`;
  const downloadCsv = (s: RecordStatement) => download(statementCsv(s, texts(s)), 'text/csv;charset=utf-8', fileName(s, 'csv'));
  const downloadPdf = async (s: RecordStatement) => {
    setIsMakingPdf(true);
    try {
      // The drawing code is loaded only when a member asks for a PDF.
      const { statementPdf } = await import('../statement/statement-pdf');
      const bytes = await statementPdf(s, texts(s), language);
      download(bytes as Uint8Array<ArrayBuffer>, 'application/pdf', fileName(s, 'pdf'));
    } catch {
      showToast('error', t('records.statement.pdfFailed'));
    } finally {
      setIsMakingPdf(false);
    }
  };

  let body;
  if (statement.data) {
    const s = statement.data;
    const hasAny = s.lines.length > 0 || s.coins.some((c) => c.opening !== c.closing || c.closing.replace(/[0.]/g, '') !== '');
    body = (
      <>
        {hasAny ? null : <p className="empty">{t('records.statement.noMovements')}</p>}
        <div className="table-wrap">
          <table className="data-table statement-table">
            <caption className="visually-hidden">{t('records.statement.summary')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('records.walletType')}</th>
                <th scope="col" className="num">
                  {t('records.statement.opening')}
                </th>
                <th scope="col" className="num">
                  {t('records.statement.credits')}
                </th>
                <th scope="col" className="num">
                  {t('records.statement.debits')}
                </th>
                <th scope="col" className="num">
                  {t('records.statement.closing')}
                </th>
              </tr>
            </thead>
            <tbody>
              {s.coins.map((c) => (
                <tr key={c.coinName}>
                  <th scope="row">{coinLabel(c.coinName)}</th>
                  <td className="num" data-label={t('records.statement.opening')}>
                    {formatExact(c.opening, language)}
                  </td>
                  <td className="num" data-label={t('records.statement.credits')}>
                    {formatExact(c.credits, language)}
                  </td>
                  <td className="num" data-label={t('records.statement.debits')}>
                    {formatExact(c.debits, language)}
                  </td>
                  <td className="num" data-label={t('records.statement.closing')}>
                    <strong>{formatExact(c.closing, language)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="muted">{t('records.statement.movementCount', { count: s.lines.length })}</p>
        <div className="statement-actions">
          <Button variant="secondary" onClick={() => downloadCsv(s)} data-testid="statement-csv">
            {t('records.statement.downloadCsv')}
          </Button>
          <Button variant="secondary" isBusy={isMakingPdf} onClick={() => void downloadPdf(s)} data-testid="statement-pdf">
            {t('records.statement.downloadPdf')}
          </Button>
        </div>
      </>
    );
  } else {
    body = <CardLoadState isError={statement.isError} onRetry={() => void statement.refetch()} />;
  }

  return (
    <Card title={t('records.statement.title')} className="statement-card">
      <div className="statement-month">
        <SelectField
          label={t('records.statement.month')}
          value={month}
          onValueChange={setMonth}
          options={months.map((m) => ({ value: m, label: monthName(m, language) }))}
        />
      </div>
      <div aria-busy={statement.isFetching}>{body}</div>
    </Card>
  );
}
