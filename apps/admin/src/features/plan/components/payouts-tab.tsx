import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanRunResponse } from '@pp/contract';
import { useSubmit } from '@pp/browser-kit';
import { Badge } from '../../../components/ui/badge';
import { ConfirmForm, PendingDialog } from '../../../components/ui/confirm-form';
import { TableBox } from '../../../components/ui/data-table';
import { ErrorState, Loading } from '../../../components/ui/states';
import { formatCount, formatDateTime, formatExactAmount } from '../../../lib/format';
import { useCan } from '../../../lib/staff-session';
import { dryRunPeriod, runPeriod, usePlanPeriods } from '../api/plan';

const tones = { open: 'neutral', due: 'warning', paid: 'success' } as const;
const purchaseEvents = ['buy', 'upgrade', 'add', 'fill', 'activate'] as const;

/** "day:2026-11-22" as staff read it: the kind translated, the date as is. */
export function usePeriodLabel(): (periodKey: string) => string {
  const { t } = useTranslation();
  return (periodKey) => {
    const [kind, value = ''] = periodKey.split(':');
    return kind === 'month' ? t('plan.payouts.kinds.month', { value }) : t('plan.payouts.kinds.day', { value });
  };
}

/** The periods: dry-run any, pay an ended one (plan.run) after a confirmation. */
export function PayoutsTab() {
  const { t } = useTranslation();
  const periodLabel = usePeriodLabel();
  const can = useCan();
  const periods = usePlanPeriods();
  const [result, setResult] = useState<PlanRunResponse | null>(null);
  // The period whose dry run is running (one at a time), and the refusal of the last one.
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const { formError: error, run } = useSubmit({ onBusyChange: (isBusy) => (isBusy ? undefined : setBusyKey(null)) });
  const [confirming, setConfirming] = useState<string | null>(null);
  if (periods.isPending) return <Loading />;
  if (periods.isError) return <ErrorState onRetry={() => void periods.refetch()} />;

  function dryRun(periodKey: string) {
    setBusyKey(periodKey);
    void run(() => dryRunPeriod(periodKey), setResult);
  }

  return (
    <div className="stack">
      <p className="muted">{t('plan.payouts.intro')}</p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <TableBox label={t('plan.payouts.title')}>
        <table className="table" data-testid="plan-periods">
          <caption className="visually-hidden">{t('plan.payouts.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('plan.payouts.period')}</th>
              <th scope="col">{t('plan.payouts.state')}</th>
              <th scope="col">{t('plan.payouts.lines')}</th>
              <th scope="col">{t('plan.payouts.paid')}</th>
              <th scope="col">{t('plan.payouts.ranAt')}</th>
              <th scope="col">{t('plan.payouts.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {periods.data.map((p) => (
              <tr key={p.periodKey} data-period={p.periodKey}>
                <td>{periodLabel(p.periodKey)}</td>
                <td>
                  <Badge tone={tones[p.state]}>{t(`plan.payouts.states.${p.state}`)}</Badge>
                </td>
                <td>{formatCount(p.lineCount)}</td>
                <td>{formatExactAmount(p.paid)}</td>
                <td>{p.ranAt ? `${formatDateTime(p.ranAt)} (${p.ranBy ?? ''})` : ''}</td>
                <td className="actions">
                  {p.state !== 'paid' ? (
                    <button
                      type="button"
                      className="btn btn-small"
                      onClick={() => dryRun(p.periodKey)}
                      disabled={busyKey !== null}
                      aria-busy={busyKey === p.periodKey}
                    >
                      {t('plan.payouts.dryRun')}
                    </button>
                  ) : null}
                  {p.state === 'due' && can('plan.run') ? (
                    <button type="button" className="btn btn-small btn-primary" onClick={() => setConfirming(p.periodKey)}>
                      {t('plan.payouts.pay')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
      {result ? <RunResult result={result} /> : null}
      <PendingDialog
        isOpen={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('plan.payouts.confirmTitle', { period: confirming ? periodLabel(confirming) : '' })}
      >
        {(pending) => (
          <PayForm
            periodKey={confirming ?? ''}
            onClose={() => setConfirming(null)}
            onDone={(r) => {
              setResult(r);
              setConfirming(null);
            }}
            {...pending}
          />
        )}
      </PendingDialog>
    </div>
  );
}

function PayForm({
  periodKey,
  onClose,
  onDone,
  isPending,
  setIsPending,
}: {
  periodKey: string;
  onClose: () => void;
  onDone: (r: PlanRunResponse) => void;
  isPending: boolean;
  setIsPending: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const { formError, runWithKey } = useSubmit({ onBusyChange: setIsPending });
  const submit = () => void runWithKey({ periodKey }, (payload, requestId) => runPeriod(payload.periodKey, requestId), onDone);
  return (
    <ConfirmForm onSubmit={submit} onClose={onClose} formError={formError} confirmLabel={t('plan.payouts.pay')} tone="danger" isPending={isPending}>
      <p>{t('plan.payouts.confirmText')}</p>
    </ConfirmForm>
  );
}

function RunResult({ result }: { result: PlanRunResponse }) {
  const { t } = useTranslation();
  const periodLabel = usePeriodLabel();
  return (
    <section className="card stack" aria-labelledby="plan-run-result" data-testid="plan-run-result">
      <h2 className="card-title" id="plan-run-result">
        {t(result.isDryRun ? 'plan.payouts.dryRunTitle' : 'plan.payouts.runTitle', { period: periodLabel(result.periodKey) })}
      </h2>
      {result.wasPaid ? <p className="notice">{t('plan.payouts.wasPaid')}</p> : <p>{t('plan.payouts.lineCount', { count: result.lineCount })}</p>}
      {result.totals.length > 0 ? (
        <TableBox label={t('plan.payouts.totals')}>
          <table className="table" data-testid="plan-totals">
            <caption>{t('plan.payouts.totals')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('plan.payouts.type')}</th>
                <th scope="col">{t('plan.payouts.lines')}</th>
                <th scope="col">{t('plan.payouts.gross')}</th>
                <th scope="col">{t('plan.payouts.capped')}</th>
                <th scope="col">{t('plan.payouts.fee')}</th>
                <th scope="col">{t('plan.payouts.paid')}</th>
              </tr>
            </thead>
            <tbody>
              {result.totals.map((x) => (
                <tr key={x.bonusType} data-type={x.bonusType}>
                  <td>{t(`plan.bonusTypes.${x.bonusType}`)}</td>
                  <td>{formatCount(x.lineCount)}</td>
                  <td>{formatExactAmount(x.gross)}</td>
                  <td>{formatExactAmount(x.capped)}</td>
                  <td>{formatExactAmount(x.fee)}</td>
                  <td className="total-paid">{formatExactAmount(x.paid)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      ) : null}
      {result.lines.length > 0 ? (
        <TableBox label={t('plan.payouts.linesTitle')}>
          <table className="table">
            <caption>{t('plan.payouts.linesTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('plan.payouts.member')}</th>
                <th scope="col">{t('plan.payouts.type')}</th>
                <th scope="col">{t('plan.payouts.cause')}</th>
                <th scope="col">{t('plan.payouts.rate')}</th>
                <th scope="col">{t('plan.payouts.gross')}</th>
                <th scope="col">{t('plan.payouts.capped')}</th>
                <th scope="col">{t('plan.payouts.fee')}</th>
                <th scope="col">{t('plan.payouts.paid')}</th>
              </tr>
            </thead>
            <tbody>
              {result.lines.map((l) => (
                <tr key={l.lineKey}>
                  <td>{l.userName}</td>
                  <td>{t(`plan.bonusTypes.${l.bonusType}`)}</td>
                  <td>
                    {l.sourceUserName
                      ? t('plan.payouts.causeValue', {
                          user: l.sourceUserName,
                          event: ((e) => (e ? t(`plan.payouts.events.${e}`) : ''))(purchaseEvents.find((x) => x === l.sourceEvent)),
                          at: formatDateTime(l.sourceAt),
                          base: formatExactAmount(l.base),
                          version: l.planVersion,
                          rule: l.ruleValue,
                        })
                      : t('plan.payouts.causeMonthly', { base: formatExactAmount(l.base), version: l.planVersion, rule: l.ruleValue })}
                  </td>
                  <td>{l.ratePercent}%</td>
                  <td>{formatExactAmount(l.gross)}</td>
                  <td>{formatExactAmount(l.capped)}</td>
                  <td>{formatExactAmount(l.fee)}</td>
                  <td>{formatExactAmount(l.paid)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      ) : null}
    </section>
  );
}
