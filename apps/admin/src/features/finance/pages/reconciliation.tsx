import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bankStatementCharsMax, type ReconLine, type RequestOf } from '@pp/contract';
import { SelectField, TextField, sendWithKey, showToast, useRequestId, useSubmit } from '@pp/browser-kit';
import { Badge } from '../../../components/ui/badge';
import { PageHeader } from '../../../components/ui/page-header';
import { ReasonDialog } from '../../../components/ui/reason-dialog';
import { ErrorState, Loading } from '../../../components/ui/states';
import { formatDateTime } from '../../../lib/format';
import { importStatement, resolveLine, saveMapping, signOffDay, todayUtc, useBankMappings, useReconDay } from '../api/finance';

type MappingForm = Omit<RequestOf<'reconMappingSave'>, 'requestId'>;
const emptyMapping: MappingForm = {
  bankName: '',
  delimiter: ';',
  decimalSeparator: ',',
  dateFormat: 'DD.MM.YYYY',
  dateColumn: '',
  amountColumn: '',
  referenceColumn: '',
  counterpartyColumn: '',
};

const statusTone = { unmatched: 'danger', matched: 'success', linked: 'success', explained: 'warning', reversal: 'neutral' } as const;

/** Column mapping of one bank's CSV statements, saved by the bank's name. */
function MappingEditor() {
  const { t } = useTranslation();
  const [form, setForm] = useState<MappingForm>(emptyMapping);
  const submit = useSubmit();
  const set = (name: keyof MappingForm) => (value: string) => setForm((f) => ({ ...f, [name]: value }));
  return (
    <details className="card">
      <summary className="card-title">{t('finance.recon.mappingTitle')}</summary>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void submit.runWithKey(form, saveMapping, () => showToast('success', t('finance.recon.mappingSaved', { bank: form.bankName })));
        }}
      >
        <TextField id="map-bank" label={t('finance.recon.bankName')} value={form.bankName} onValueChange={set('bankName')} maxLength={64} required />
        <SelectField
          id="map-delimiter"
          label={t('finance.recon.delimiter')}
          value={form.delimiter}
          onValueChange={set('delimiter')}
          options={[
            { value: ',', label: t('finance.recon.delimiters.comma') },
            { value: ';', label: t('finance.recon.delimiters.semicolon') },
            { value: '\t', label: t('finance.recon.delimiters.tab') },
          ]}
        />
        <SelectField
          id="map-decimal"
          label={t('finance.recon.decimalSeparator')}
          value={form.decimalSeparator}
          onValueChange={set('decimalSeparator')}
          options={[
            { value: '.', label: t('finance.recon.decimals.point') },
            { value: ',', label: t('finance.recon.decimals.comma') },
          ]}
        />
        <SelectField
          id="map-date-format"
          label={t('finance.recon.dateFormat')}
          value={form.dateFormat}
          onValueChange={set('dateFormat')}
          options={['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY'].map((v) => ({ value: v, label: v }))}
        />
        <TextField id="map-date" label={t('finance.recon.dateColumn')} value={form.dateColumn} onValueChange={set('dateColumn')} maxLength={64} required />
        <TextField
          id="map-amount"
          label={t('finance.recon.amountColumn')}
          value={form.amountColumn}
          onValueChange={set('amountColumn')}
          maxLength={64}
          required
        />
        <TextField
          id="map-ref"
          label={t('finance.recon.referenceColumn')}
          value={form.referenceColumn}
          onValueChange={set('referenceColumn')}
          maxLength={64}
          required
        />
        <TextField
          id="map-party"
          label={t('finance.recon.counterpartyColumn')}
          value={form.counterpartyColumn}
          onValueChange={set('counterpartyColumn')}
          maxLength={64}
          required
        />
        {submit.formError ? (
          <p className="form-error" role="alert">
            {submit.formError}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
            {t('finance.recon.saveMapping')}
          </button>
        </div>
      </form>
    </details>
  );
}

/** Imports one statement file, CSV by a saved mapping or CAMT.053. */
function StatementImport({ onImported }: { onImported: (day: string) => void }) {
  const { t } = useTranslation();
  const mappings = useBankMappings();
  const [format, setFormat] = useState<'csv' | 'camt053'>('camt053');
  const [mappingId, setMappingId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const submit = useSubmit();
  return (
    <section className="card" aria-labelledby="recon-import-title">
      <h2 id="recon-import-title" className="card-title">
        {t('finance.recon.importTitle')}
      </h2>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return submit.setFormError(t('finance.recon.chooseFile'));
          if (file.size > bankStatementCharsMax * 4) return submit.setFormError(t('finance.recon.fileTooLarge'));
          void file.text().then((content) => {
            if (content.length > bankStatementCharsMax) return submit.setFormError(t('finance.recon.fileTooLarge'));
            const body = { format, fileName: file.name.slice(0, 200), content, ...(format === 'csv' ? { mappingId } : {}) };
            void submit.runWithKey(body, importStatement, (made) => {
              showToast('success', t('finance.recon.imported', { lines: made.lines, matched: made.matched, duplicates: made.duplicateLines }));
              if (made.days[0]) onImported(made.days[0]);
            });
          });
        }}
      >
        <SelectField
          id="recon-format"
          label={t('finance.recon.format')}
          value={format}
          onValueChange={(v) => setFormat(v === 'csv' ? 'csv' : 'camt053')}
          options={[
            { value: 'camt053', label: t('finance.recon.formats.camt053') },
            { value: 'csv', label: t('finance.recon.formats.csv') },
          ]}
        />
        {format === 'csv' ? (
          <SelectField
            id="recon-mapping"
            label={t('finance.recon.mapping')}
            value={mappingId}
            onValueChange={setMappingId}
            placeholder={t('finance.recon.chooseMapping')}
            options={(mappings.data ?? []).map((m) => ({ value: m.id, label: m.bankName }))}
            required
          />
        ) : null}
        <div className="field">
          <label className="label" htmlFor="recon-file">
            {t('finance.recon.file')}
          </label>
          <input
            id="recon-file"
            className="input"
            type="file"
            accept=".csv,.txt,.xml,text/csv,application/xml,text/xml"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        {submit.formError ? (
          <p className="form-error" role="alert">
            {submit.formError}
          </p>
        ) : null}
        <div className="actions">
          <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
            {t('finance.recon.import')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Bank reconciliation (decision 091): statements in, lines matched, the rest resolved, the day signed off by two people. */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const [day, setDay] = useState(todayUtc());
  const view = useReconDay(day);
  const [explaining, setExplaining] = useState<ReconLine | null>(null);
  const [links, setLinks] = useState<Record<string, string>>({});
  const resolve = useSubmit();
  const explainIds = useRequestId();
  const signOff = useSubmit();
  const data = view.data;
  const unresolved = data?.lines.filter((l) => l.status === 'unmatched').length ?? 0;

  return (
    <>
      <PageHeader title={t('finance.recon.title')}>
        <p className="muted">{t('finance.recon.intro')}</p>
      </PageHeader>
      <StatementImport onImported={setDay} />
      <MappingEditor />
      <section className="card" aria-labelledby="recon-day-title">
        <div className="card-head">
          <h2 id="recon-day-title" className="card-title">
            {t('finance.recon.dayTitle')}
          </h2>
          <TextField id="recon-day" label={t('finance.recon.day')} type="date" value={day} onValueChange={(v) => v && setDay(v)} />
        </div>
        {view.isPending ? <Loading /> : null}
        {view.isError ? <ErrorState onRetry={() => void view.refetch()} /> : null}
        {data ? (
          <>
            <p>
              <Badge tone={data.status === 'signedOff' ? 'success' : data.status === 'awaitingSignOff' ? 'warning' : 'neutral'}>
                {t(`finance.recon.dayStatus.${data.status}`)}
              </Badge>{' '}
              <span className="muted">{t('finance.recon.unresolvedCount', { count: unresolved })}</span>
            </p>
            {resolve.formError || signOff.formError ? (
              <p className="form-error" role="alert">
                {resolve.formError ?? signOff.formError}
              </p>
            ) : null}
            <h3 className="section-title">{t('finance.recon.lines')}</h3>
            {data.lines.length === 0 ? <p className="muted">{t('finance.recon.noLines')}</p> : null}
            {data.lines.length > 0 ? (
              <div className="table-scroll">
                <table className="table has-actions">
                  <thead>
                    <tr>
                      <th scope="col">{t('finance.recon.direction')}</th>
                      <th scope="col" className="num">
                        {t('finance.recon.amount')}
                      </th>
                      <th scope="col">{t('finance.recon.reference')}</th>
                      <th scope="col">{t('finance.recon.counterparty')}</th>
                      <th scope="col">{t('finance.recon.status')}</th>
                      <th scope="col">{t('finance.recon.record')}</th>
                      <th scope="col">{t('finance.recon.actions')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.lines.map((line) => {
                      const candidates = data.unmatchedRecords.filter((r) => (line.direction === 'credit' ? r.type === 'deposit' : r.type === 'payout'));
                      return (
                        <tr key={line.id}>
                          <td>{t(`finance.recon.directions.${line.direction}`)}</td>
                          <td className="num nowrap">
                            {line.amount} {line.currency}
                          </td>
                          <td>{line.reference}</td>
                          <td>{line.counterparty}</td>
                          <td>
                            <Badge tone={statusTone[line.status]}>{t(`finance.recon.statuses.${line.status}`)}</Badge>
                            {line.note ? <span className="muted small block">{line.note}</span> : null}
                          </td>
                          <td>{line.recordNumber ?? ''}</td>
                          <td className="col-actions">
                            {line.status === 'unmatched' && data.status === 'open' ? (
                              <div className="actions">
                                <select
                                  className="input input-small"
                                  aria-label={t('finance.recon.linkTo')}
                                  value={links[line.id] ?? ''}
                                  onChange={(e) => setLinks((l) => ({ ...l, [line.id]: e.target.value }))}
                                >
                                  <option value="">{t('finance.recon.linkTo')}</option>
                                  {candidates.map((r) => (
                                    <option key={r.id} value={r.id}>
                                      {r.number} · {r.amount} {r.currency} · {r.memberName}
                                    </option>
                                  ))}
                                </select>
                                <button
                                  type="button"
                                  className="btn btn-small"
                                  disabled={!links[line.id] || resolve.isPending}
                                  onClick={() =>
                                    void resolve.runWithKey(
                                      {
                                        action: 'link' as const,
                                        lineId: line.id,
                                        recordType: line.direction === 'credit' ? ('deposit' as const) : ('payout' as const),
                                        recordId: links[line.id]!,
                                      },
                                      resolveLine,
                                    )
                                  }
                                >
                                  {t('finance.recon.link')}
                                </button>
                                <button type="button" className="btn btn-small" onClick={() => setExplaining(line)}>
                                  {t('finance.recon.explain')}
                                </button>
                              </div>
                            ) : null}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            ) : null}
            <h3 className="section-title">{t('finance.recon.unmatchedRecords')}</h3>
            {data.unmatchedRecords.length === 0 ? <p className="muted">{t('finance.recon.noUnmatchedRecords')}</p> : null}
            {data.unmatchedRecords.length > 0 ? (
              <div className="table-scroll">
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">{t('finance.recon.recordType')}</th>
                      <th scope="col">{t('finance.recon.number')}</th>
                      <th scope="col">{t('finance.recon.member')}</th>
                      <th scope="col" className="num">
                        {t('finance.recon.amount')}
                      </th>
                      <th scope="col">{t('finance.recon.reference')}</th>
                      <th scope="col">{t('finance.recon.time')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.unmatchedRecords.map((r) => (
                      <tr key={r.id}>
                        <td>{t(`finance.recon.recordTypes.${r.type}`)}</td>
                        <td>{r.number}</td>
                        <td>{r.memberName}</td>
                        <td className="num nowrap">
                          {r.amount} {r.currency}
                        </td>
                        <td>{r.reference}</td>
                        <td className="nowrap">{formatDateTime(r.at)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
            <div className="actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={data.status !== 'open' || data.lines.length === 0 || unresolved > 0 || signOff.isPending}
                onClick={() => void signOff.runWithKey({ day }, signOffDay, () => showToast('success', t('finance.recon.signOffAsked')))}
              >
                {t('finance.recon.signOff')}
              </button>
              <span className="muted small">{t('finance.recon.signOffHint')}</span>
            </div>
          </>
        ) : null}
      </section>
      <ReasonDialog
        isOpen={explaining !== null}
        onClose={() => setExplaining(null)}
        title={t('finance.recon.explainTitle')}
        description={<p>{explaining ? `${explaining.amount} ${explaining.currency} · ${explaining.reference}` : ''}</p>}
        confirmLabel={t('finance.recon.explain')}
        reasonId="recon-explain-note"
        onConfirm={async (note) => {
          if (!explaining) return;
          await sendWithKey(explainIds, { action: 'explain' as const, lineId: explaining.id, note }, resolveLine);
          setExplaining(null);
        }}
      />
    </>
  );
}
