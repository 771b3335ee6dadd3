import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinNames, saleKinds, type SaleKind } from '@pp/contract';
import { SelectField, SwitchField, TextAreaField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { ConfirmForm, PendingDialog, type Pending } from '../../../components/ui/confirm-form';
import { ErrorState, Loading } from '../../../components/ui/states';
import { translateOr } from '../../../lib/i18n';
import { useProductList } from '../api/product-list';
import { openSale } from '../api/sales';
import { productName } from '../product-form';
import { emptySaleForm, reasonCharsMax, saleFieldOf, saleGradeLevels, toSaleOpenRequest, unitsMax, type SaleForm, type SaleFormErrors } from '../sale-form';
import type { GradeLabel } from './product-dialog';

/** Opens a purchase-code rush or a flash sale (audited with the reason). */
export function SaleDialog({ isOpen, onClose, gradeLabel }: { isOpen: boolean; onClose: () => void; gradeLabel: GradeLabel }) {
  const { t } = useTranslation();
  return (
    <PendingDialog isOpen={isOpen} onClose={onClose} title={t('packages.sales.openTitle')} variant="drawer">
      {(pending) => <SaleEditor gradeLabel={gradeLabel} onClose={onClose} pending={pending} />}
    </PendingDialog>
  );
}

function SaleEditor({ gradeLabel, onClose, pending: { isPending, setIsPending } }: { gradeLabel: GradeLabel; onClose: () => void; pending: Pending }) {
  const { t, i18n } = useTranslation();
  const products = useProductList();
  const [form, setForm] = useState<SaleForm>(() => emptySaleForm());
  const [errors, setErrors] = useState<SaleFormErrors>({});
  /** Server refusals under fields (already translated text, unlike the client's keys). */
  const [fieldMessages, setFieldMessages] = useState<Record<string, string>>({});
  const {
    formError,
    setFormError,
    isRunning: isBusy,
    run,
  } = useSubmit({
    onBusyChange: setIsPending,
    fieldOf: (error) => saleFieldOf(error.details.field),
    showFieldError: (field, message) => setFieldMessages({ [field]: message }),
    fieldErrorNote: t('packages.fixErrors'),
  });

  const messageOf = (field: keyof SaleForm) => {
    const key = errors[field];
    return key ? t(`packages.saleErrors.${key}`) : fieldMessages[field];
  };
  const set = <K extends keyof SaleForm>(field: K, value: SaleForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setFormError(null);
    setErrors(({ [field]: _dropped, ...rest }) => rest);
    setFieldMessages(({ [field]: _dropped, ...rest }) => rest);
  };

  async function submit() {
    if (isBusy()) return;
    const mapped = toSaleOpenRequest(form);
    setFieldMessages({});
    if (!mapped.ok) {
      setErrors(mapped.errors);
      setFormError(t('packages.fixErrors'));
      return;
    }
    setErrors({});
    const { request } = mapped;
    await run(
      () => openSale(request),
      () => {
        showToast('success', t(`packages.sales.opened.${request.kind}`));
        onClose();
      },
    );
  }

  const coinOptions = coinNames.map((coin) => ({ value: coin, label: translateOr(`coins.${coin}`, coin) }));
  const productOptions = (products.data ?? []).map((p) => ({
    value: p.id,
    label: `${productName(p.names, i18n.language) || p.id} · ${t(`packages.kinds.${p.kind}`)}${p.isOnSale ? '' : ` · ${t('packages.offSale')}`}`,
  }));

  return (
    <ConfirmForm
      className="sale-form"
      onSubmit={() => void submit()}
      onClose={onClose}
      formError={formError}
      confirmLabel={t('packages.sales.openSubmit')}
      isPending={isPending}
    >
      <fieldset className="form-section" disabled={isPending}>
        <legend className="section-title">{t('packages.sales.sections.what')}</legend>
        <div className="form-grid">
          <SelectField
            id="sale-kind"
            label={t('packages.sales.fields.kind')}
            hint={t(`packages.sales.kindHints.${form.kind}`)}
            value={form.kind}
            onValueChange={(value) => set('kind', value as SaleKind)}
            options={saleKinds.map((k) => ({ value: k, label: t(`packages.saleKinds.${k}`) }))}
            error={messageOf('kind')}
          />
          {products.isPending ? (
            <Loading />
          ) : products.isError ? (
            <ErrorState onRetry={() => void products.refetch()} />
          ) : (
            <SelectField
              id="sale-product"
              label={t('packages.sales.fields.product')}
              value={form.productId}
              onValueChange={(value) => set('productId', value)}
              placeholder={t('common.choose')}
              options={productOptions}
              error={messageOf('productId')}
            />
          )}
          <TextField
            id="sale-units"
            label={t('packages.sales.fields.units')}
            hint={t('packages.sales.hints.units', { max: unitsMax })}
            value={form.units}
            onValueChange={(value) => set('units', value)}
            inputMode="numeric"
            autoComplete="off"
            error={messageOf('units')}
          />
        </div>
      </fieldset>

      <fieldset className="form-section" disabled={isPending}>
        <legend className="section-title">{t('packages.sales.sections.price')}</legend>
        <div className="form-grid">
          <TextField
            id="sale-price"
            label={t('packages.sales.fields.price')}
            hint={t('packages.sales.hints.price')}
            value={form.price}
            onValueChange={(value) => set('price', value)}
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            error={messageOf('price')}
          />
          <SelectField
            id="sale-coin"
            label={t('packages.sales.fields.coinName')}
            value={form.coinName}
            onValueChange={(value) => set('coinName', value)}
            options={coinOptions}
            error={messageOf('coinName')}
          />
          <TextField
            id="sale-total"
            label={t('packages.sales.fields.total')}
            value={form.total}
            onValueChange={(value) => set('total', value)}
            inputMode="numeric"
            autoComplete="off"
            error={messageOf('total')}
          />
          <TextField
            id="sale-perMemberLimit"
            label={t('packages.sales.fields.perMemberLimit')}
            value={form.perMemberLimit}
            onValueChange={(value) => set('perMemberLimit', value)}
            inputMode="numeric"
            autoComplete="off"
            error={messageOf('perMemberLimit')}
          />
        </div>
      </fieldset>

      <fieldset className="form-section" disabled={isPending}>
        <legend className="section-title">{t('packages.sales.sections.who')}</legend>
        <SelectField
          id="sale-minGrade"
          label={t('packages.sales.fields.minGrade')}
          value={form.minGrade}
          onValueChange={(value) => set('minGrade', value)}
          options={[{ value: '', label: t('packages.anyGrade') }, ...saleGradeLevels.map((level) => ({ value: String(level), label: gradeLabel(level) }))]}
          error={messageOf('minGrade')}
        />
        <SwitchField
          id="sale-isFlaggedOnly"
          label={t('packages.sales.fields.isFlaggedOnly')}
          checked={form.isFlaggedOnly}
          onCheckedChange={(value) => set('isFlaggedOnly', value)}
          stateText={form.isFlaggedOnly ? t('common.yes') : t('common.no')}
        />
        <p className="field-hint">{t('packages.sales.hints.isFlaggedOnly')}</p>
      </fieldset>

      <fieldset className="form-section" disabled={isPending}>
        <legend className="section-title">{t('packages.sales.sections.when')}</legend>
        <p className="field-hint">{t('packages.sales.hints.window')}</p>
        <div className="form-grid">
          <TextField
            id="sale-startsAt"
            type="datetime-local"
            label={t('packages.sales.fields.startsAt')}
            value={form.startsAt}
            onValueChange={(value) => set('startsAt', value)}
            error={messageOf('startsAt')}
          />
          <TextField
            id="sale-endsAt"
            type="datetime-local"
            label={t('packages.sales.fields.endsAt')}
            value={form.endsAt}
            onValueChange={(value) => set('endsAt', value)}
            error={messageOf('endsAt')}
          />
        </div>
      </fieldset>

      <fieldset className="form-section" disabled={isPending}>
        <TextAreaField
          id="sale-reason"
          label={t('packages.sales.fields.reason')}
          hint={t('packages.sales.hints.reason')}
          value={form.reason}
          onValueChange={(value) => set('reason', value)}
          maxLength={reasonCharsMax}
          rows={2}
          error={messageOf('reason')}
        />
      </fieldset>
    </ConfirmForm>
  );
}
