import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinNames, type EquityAdminConfig } from '@pp/contract';
import { SelectField, SwitchField, TextAreaField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ErrorState, Loading } from '../../../components/ui/states';
import { formatCount } from '../../../lib/format';
import { translateOr } from '../../../lib/i18n';
import { useCan } from '../../../lib/staff-session';
import { saveEquityConfig, useEquityConfig } from '../api/sales';
import { reasonCharsMax, sharesFieldOf, sharesFormOf, toEquitySaveRequest, type SaleFormErrors, type SharesForm } from '../sale-form';

/**
 * Shares (/equity, decision 025): the one share configuration, read with config.read and saved
 * (audited, after a confirmation) with packages.manage; the shares sold so far beside it.
 */
export function SharesTab() {
  const config = useEquityConfig();
  if (config.isPending) return <Loading />;
  if (config.isError) return <ErrorState onRetry={() => void config.refetch()} />;
  // A saved configuration opens the form afresh with the values the server answered.
  return <SharesEditor key={`${config.dataUpdatedAt}`} config={config.data} />;
}

function SharesEditor({ config }: { config: EquityAdminConfig }) {
  const { t } = useTranslation();
  const can = useCan();
  const canManage = can('packages.manage');
  // Opening or closing shares is a setting that moves no money: config.write, as on the settings page.
  const canSetOpen = canManage && can('config.write');
  const confirm = useConfirm();
  const [form, setForm] = useState<SharesForm>(() => sharesFormOf(config));
  const [errors, setErrors] = useState<SaleFormErrors>({});
  const [fieldMessages, setFieldMessages] = useState<Record<string, string>>({});
  const {
    isPending,
    formError,
    setFormError,
    isRunning: isBusy,
    run,
  } = useSubmit({
    fieldOf: (error) => sharesFieldOf(error.details.field),
    showFieldError: (field, message) => setFieldMessages({ [field]: message }),
    fieldErrorNote: t('packages.fixErrors'),
  });

  const messageOf = (field: keyof SharesForm) => {
    const key = errors[field];
    return key ? t(`packages.saleErrors.${key}`, { sold: formatCount(config.sold) }) : fieldMessages[field];
  };
  const set = <K extends keyof SharesForm>(field: K, value: SharesForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setFormError(null);
    setErrors(({ [field]: _dropped, ...rest }) => rest);
    setFieldMessages(({ [field]: _dropped, ...rest }) => rest);
  };

  async function submit() {
    if (isBusy()) return;
    const mapped = toEquitySaveRequest(form, config.sold);
    setFieldMessages({});
    if (!mapped.ok) {
      setErrors(mapped.errors);
      setFormError(t('packages.fixErrors'));
      return;
    }
    setErrors({});
    const message = mapped.request.isOpen ? t('packages.shares.confirmOpen') : t('packages.shares.confirmClosed');
    if (!(await confirm.ask({ title: t('packages.shares.confirmTitle'), message, confirmLabel: t('packages.shares.save'), tone: 'primary' }))) return;
    // Without config.write the open state is left as the server has it (a stale one would be refused).
    const { isOpen, ...terms } = mapped.request;
    const request = canSetOpen ? { ...terms, isOpen } : terms;
    await run(
      () => saveEquityConfig(request),
      () => showToast('success', t('packages.shares.saved')),
    );
  }

  const coinOptions = coinNames.map((coin) => ({ value: coin, label: translateOr(`coins.${coin}`, coin) }));
  const isDisabled = isPending || !canManage;
  return (
    <section className="card" aria-labelledby="shares-title">
      {confirm.element}
      <h2 className="card-title" id="shares-title">
        {t('packages.shares.title')}
      </h2>
      <p className="muted">
        {t('packages.shares.intro')} {canManage ? null : t('packages.readOnly')}
      </p>
      <dl className="facts">
        <div>
          <dt>{t('packages.shares.sold')}</dt>
          <dd data-testid="shares-sold">
            {config.isConfigured
              ? t('packages.soldOf', { sold: formatCount(config.sold), total: formatCount(config.totalIssued) })
              : t('packages.shares.notConfigured')}
          </dd>
        </div>
        <div>
          <dt>{t('packages.shares.state')}</dt>
          <dd>{config.isOpen ? t('packages.shares.isOpenNow') : t('packages.shares.isClosedNow')}</dd>
        </div>
      </dl>
      <form
        className="dialog-form shares-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="form-section" disabled={isDisabled}>
          <div className="form-grid">
            <TextField
              id="shares-price"
              label={t('packages.shares.fields.price')}
              value={form.price}
              onValueChange={(v) => set('price', v)}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              error={messageOf('price')}
            />
            <SelectField
              id="shares-coin"
              label={t('packages.shares.fields.coinName')}
              value={form.coinName}
              onValueChange={(v) => set('coinName', v)}
              options={coinOptions}
              error={messageOf('coinName')}
            />
            <TextField
              id="shares-totalIssued"
              label={t('packages.shares.fields.totalIssued')}
              hint={t('packages.shares.hints.totalIssued', { sold: formatCount(config.sold) })}
              value={form.totalIssued}
              onValueChange={(v) => set('totalIssued', v)}
              inputMode="numeric"
              autoComplete="off"
              error={messageOf('totalIssued')}
            />
            <TextField
              id="shares-maxPerMember"
              label={t('packages.shares.fields.maxPerMember')}
              value={form.maxPerMember}
              onValueChange={(v) => set('maxPerMember', v)}
              inputMode="numeric"
              autoComplete="off"
              error={messageOf('maxPerMember')}
            />
            <TextField
              id="shares-bonusPerShare"
              label={t('packages.shares.fields.bonusPerShare')}
              hint={t('packages.shares.hints.bonusPerShare')}
              value={form.bonusPerShare}
              onValueChange={(v) => set('bonusPerShare', v)}
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              error={messageOf('bonusPerShare')}
            />
            <TextField
              id="shares-bonusPeriodHours"
              label={t('packages.shares.fields.bonusPeriodHours')}
              value={form.bonusPeriodHours}
              onValueChange={(v) => set('bonusPeriodHours', v)}
              inputMode="numeric"
              autoComplete="off"
              error={messageOf('bonusPeriodHours')}
            />
          </div>
          <SwitchField
            id="shares-isOpen"
            label={t('packages.shares.fields.isOpen')}
            checked={form.isOpen}
            onCheckedChange={(v) => set('isOpen', v)}
            stateText={form.isOpen ? t('packages.shares.open') : t('packages.shares.closed')}
            disabled={!canSetOpen}
          />
          <p className="field-hint">{t(canSetOpen ? 'packages.shares.hints.isOpen' : 'packages.shares.hints.isOpenAdminOnly')}</p>
          {canManage ? (
            <TextAreaField
              id="shares-reason"
              label={t('packages.sales.fields.reason')}
              hint={t('packages.sales.hints.reason')}
              value={form.reason}
              onValueChange={(v) => set('reason', v)}
              maxLength={reasonCharsMax}
              rows={2}
              error={messageOf('reason')}
            />
          ) : null}
        </fieldset>
        {formError ? (
          <p className="form-error" role="alert">
            {formError}
          </p>
        ) : null}
        {canManage ? (
          <div className="dialog-actions">
            <button type="submit" className="btn btn-primary" disabled={isPending} aria-busy={isPending}>
              {isPending ? t('common.working') : t('packages.shares.save')}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
