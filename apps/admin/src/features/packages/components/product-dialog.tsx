import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coinNames, isLanguage, languageNames, languages, packageKinds, type Language, type ProductAdminEntry } from '@pp/contract';
import { SelectField, SwitchField, TextAreaField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { ConfirmForm, DialogActions, PendingDialog, type Pending } from '../../../components/ui/confirm-form';
import { Icon } from '../../../components/ui/icon';
import { translateOr } from '../../../lib/i18n';
import { saveProduct } from '../api/product-save';
import {
  emptyProductForm,
  formFieldOf,
  minGradeLevels,
  payWithRowsMax,
  productFormOf,
  productName,
  toSaveRequest,
  type FormErrors,
  type ProductForm,
  type ProductSaveRequest,
  type TermField,
} from '../product-form';

/** What the dialog edits: a product, or null for a new one. */
export type ProductTarget = { entry: ProductAdminEntry | null };

/** Creates or edits one product; a product that is (or goes) on sale is confirmed before it is saved. */
/** Grade names come from the members feature; the route hands them in (features do not import each other). */
export type GradeLabel = (level: number) => string;

export function ProductDialog({ target, onClose, gradeLabel }: { target: ProductTarget | null; onClose: () => void; gradeLabel: GradeLabel }) {
  const { t, i18n } = useTranslation();
  const title = target?.entry ? t('packages.editTitle', { name: productName(target.entry.names, i18n.language) }) : t('packages.createTitle');
  return (
    <PendingDialog isOpen={target !== null} onClose={onClose} title={title} variant="drawer">
      {(pending) => (target ? <ProductEditor entry={target.entry} gradeLabel={gradeLabel} onClose={onClose} pending={pending} /> : null)}
    </PendingDialog>
  );
}

/** Terms grouped as staff think of them. */
const termSections: ReadonlyArray<{ id: 'price' | 'term' | 'reward' | 'redeem'; fields: readonly TermField[] }> = [
  { id: 'price', fields: ['price', 'premium', 'fee', 'feeCoinName'] },
  { id: 'term', fields: ['contractDays', 'unlockDays', 'effectiveDelayHours'] },
  { id: 'reward', fields: ['releasePercent', 'releasePeriodHours', 'maxProfitPercent', 'maxReward'] },
  { id: 'redeem', fields: ['redeemFeePercent', 'redeemFeeUnlockedPercent', 'claimGuaranteePercent', 'drawCycleDays'] },
];

const numericInput = (field: TermField) =>
  field === 'contractDays' || field === 'unlockDays' || field === 'effectiveDelayHours' || field === 'releasePeriodHours' || field === 'drawCycleDays'
    ? 'numeric'
    : 'decimal';

interface EditorProps {
  entry: ProductAdminEntry | null;
  gradeLabel: GradeLabel;
  onClose: () => void;
  pending: Pending;
}

function ProductEditor({ entry, gradeLabel, onClose, pending: { isPending, setIsPending } }: EditorProps) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<ProductForm>(() => (entry ? productFormOf(entry) : emptyProductForm()));
  const [errors, setErrors] = useState<FormErrors>({});
  // The texts open in the staff member's own language.
  const [language, setLanguage] = useState<Language>(() => (isLanguage(i18n.language) ? i18n.language : 'en-US'));
  /** The checked request waiting for the on-sale confirmation. */
  const [confirming, setConfirming] = useState<ProductSaveRequest | null>(null);
  /** Server refusals under fields (already translated text, unlike the client's keys). */
  const [fieldMessages, setFieldMessages] = useState<Record<string, string>>({});
  // A refusal that names a field goes under it (with the server's words); the rest above the buttons.
  const { formError, setFormError, runWithKey } = useSubmit({
    onBusyChange: setIsPending,
    fieldOf: (error) => formFieldOf(error.details.field),
    showFieldError: (field, message) => {
      setFieldMessages({ [field]: message });
      const fieldLanguage = languages.find((l) => field.endsWith(`.${l}`));
      if (fieldLanguage) setLanguage(fieldLanguage);
    },
    fieldErrorNote: t('packages.fixErrors'),
    onRefused: () => setConfirming(null),
  });

  const errorOf = (path: string) => {
    const key = errors[path];
    return key ? t(`packages.errors.${key}`) : undefined;
  };
  const update = (change: (draft: ProductForm) => ProductForm, ...paths: string[]) => {
    setForm(change);
    setFormError(null);
    if (paths.length > 0) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !paths.includes(key))));
  };
  const setTerm = (field: TermField, value: string) => update((f) => ({ ...f, terms: { ...f.terms, [field]: value } }), `terms.${field}`);

  function save(request: ProductSaveRequest) {
    return runWithKey(request, saveProduct, () => {
      showToast('success', t('packages.saved'));
      onClose();
    });
  }
  const messageOf = (path: string) => errorOf(path) ?? fieldMessages[path];
  /** A whole-number field of the form itself (order and limits). */
  const countField = (field: 'sortOrder' | 'perMemberLimit' | 'totalLimit', hint: string) => (
    <TextField
      id={`product-${field}`}
      label={t(`packages.fields.${field}`)}
      hint={hint}
      value={form[field]}
      onValueChange={(value) => update((f) => ({ ...f, [field]: value }), field)}
      inputMode="numeric"
      autoComplete="off"
      error={messageOf(field)}
    />
  );

  function submit() {
    const mapped = toSaveRequest(form);
    setFieldMessages({});
    if (!mapped.ok) {
      setErrors(mapped.errors);
      // Show the language tab that holds the first wrong name or description.
      const wrongLanguage = languages.find((l) => mapped.errors[`names.${l}`] || mapped.errors[`descriptions.${l}`]);
      if (wrongLanguage) setLanguage(wrongLanguage);
      setFormError(t('packages.fixErrors'));
      return;
    }
    setErrors({});
    if (mapped.request.isOnSale) setConfirming(mapped.request);
    else void save(mapped.request);
  }

  if (confirming) {
    return (
      <div className="dialog-form">
        <p className="notice notice-warning">{entry?.isOnSale ? t('packages.confirmOnSaleEdit') : t('packages.confirmOnSaleNew')}</p>
        <p className="dialog-text">{t('packages.confirmTermsKept')}</p>
        <DialogActions
          formError={formError}
          isPending={isPending}
          onCancel={() => setConfirming(null)}
          cancelLabel={t('packages.backToForm')}
          actionLabel={t('packages.confirmSave')}
          onAction={() => void save(confirming)}
        />
      </div>
    );
  }

  const isSpecial = form.kind === 'special';
  return (
    <ConfirmForm className="product-form" onSubmit={submit} onClose={onClose} formError={formError} confirmLabel={t('common.save')} isPending={isPending}>
      <fieldset className="form-section" disabled={isPending}>
        <legend className="section-title">{t('packages.sections.general')}</legend>
        <div className="form-grid">
          <SelectField
            id="product-kind"
            label={t('packages.fields.kind')}
            hint={t(`packages.kindHints.${form.kind}`)}
            value={form.kind}
            onValueChange={(value) => update((f) => ({ ...f, kind: value as ProductForm['kind'] }), 'kind', 'minGrade', 'invitedUserNames')}
            options={packageKinds.map((kind) => ({ value: kind, label: t(`packages.kinds.${kind}`) }))}
            error={messageOf('kind')}
          />
          {countField('sortOrder', t('packages.hints.sortOrder'))}
        </div>
        <SwitchField
          id="product-isOnSale"
          label={t('packages.fields.isOnSale')}
          checked={form.isOnSale}
          onCheckedChange={(value) => update((f) => ({ ...f, isOnSale: value }))}
          stateText={form.isOnSale ? t('packages.onSale') : t('packages.offSale')}
        />
      </fieldset>

      <fieldset className="form-section" disabled={isPending}>
        <legend className="section-title">{t('packages.sections.texts')}</legend>
        <p className="field-hint">{t('packages.hints.texts')}</p>
        <div className="tabs" role="tablist" aria-label={t('packages.sections.texts')}>
          {languages.map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              id={`product-lang-${l}`}
              aria-selected={language === l}
              aria-controls="product-lang-panel"
              className={language === l ? 'tab is-active' : 'tab'}
              onClick={() => setLanguage(l)}
            >
              {languageNames[l]}
              {form.names[l].trim() !== '' ? <span className="tab-count">{t('packages.filled')}</span> : null}
              {errors[`names.${l}`] || errors[`descriptions.${l}`] ? <span className="badge badge-danger">{t('packages.tabHasError')}</span> : null}
            </button>
          ))}
        </div>
        <div id="product-lang-panel" role="tabpanel" aria-labelledby={`product-lang-${language}`} className="form-section-body">
          <TextField
            id={`product-name-${language}`}
            label={t('packages.fields.name', { language: languageNames[language] })}
            value={form.names[language]}
            onValueChange={(value) => update((f) => ({ ...f, names: { ...f.names, [language]: value } }), 'names', `names.${language}`)}
            maxLength={80}
            autoComplete="off"
            lang={language}
            error={messageOf(`names.${language}`) ?? messageOf('names')}
          />
          <TextAreaField
            id={`product-description-${language}`}
            label={t('packages.fields.description', { language: languageNames[language] })}
            value={form.descriptions[language]}
            onValueChange={(value) => update((f) => ({ ...f, descriptions: { ...f.descriptions, [language]: value } }), `descriptions.${language}`)}
            maxLength={2000}
            rows={3}
            lang={language}
            error={messageOf(`descriptions.${language}`)}
          />
        </div>
      </fieldset>

      {termSections.map((section) => (
        <fieldset key={section.id} className="form-section" disabled={isPending}>
          <legend className="section-title">{t(`packages.sections.${section.id}`)}</legend>
          <div className="form-grid">
            {section.fields.map((field) =>
              field === 'feeCoinName' ? (
                <SelectField
                  key={field}
                  id={`product-${field}`}
                  label={t(`packages.fields.${field}`)}
                  hint={t(`packages.hints.${field}`)}
                  value={form.terms[field]}
                  onValueChange={(value) => setTerm(field, value)}
                  options={coinNames.map((coin) => ({ value: coin, label: translateOr(`coins.${coin}`, coin) }))}
                  error={messageOf(`terms.${field}`)}
                />
              ) : (
                <TextField
                  key={field}
                  id={`product-${field}`}
                  label={t(`packages.fields.${field}`)}
                  hint={t(`packages.hints.${field}`)}
                  value={form.terms[field]}
                  onValueChange={(value) => setTerm(field, value)}
                  inputMode={numericInput(field)}
                  autoComplete="off"
                  spellCheck={false}
                  error={messageOf(`terms.${field}`)}
                />
              ),
            )}
          </div>
        </fieldset>
      ))}

      <fieldset className="form-section" disabled={isPending}>
        <legend className="section-title">{t('packages.sections.payWith')}</legend>
        <p className="field-hint">{t('packages.hints.payWith')}</p>
        {form.payWith.map((row, index) => (
          <div key={index} className="pay-with-row">
            <SelectField
              id={`product-payWith-${index}-coin`}
              label={t('packages.fields.payCoin', { n: index + 1 })}
              value={row.coinName}
              onValueChange={(value) =>
                update(
                  (f) => ({ ...f, payWith: f.payWith.map((r, i) => (i === index ? { ...r, coinName: value } : r)) }),
                  `payWith.${index}.coinName`,
                  'payWith',
                )
              }
              options={coinNames.map((coin) => ({ value: coin, label: translateOr(`coins.${coin}`, coin) }))}
              error={messageOf(`payWith.${index}.coinName`)}
            />
            <TextField
              id={`product-payWith-${index}-percent`}
              label={t('packages.fields.payMaxPercent')}
              value={row.maxPercent}
              onValueChange={(value) =>
                update(
                  (f) => ({ ...f, payWith: f.payWith.map((r, i) => (i === index ? { ...r, maxPercent: value } : r)) }),
                  `payWith.${index}.maxPercent`,
                  'payWith',
                )
              }
              inputMode="decimal"
              autoComplete="off"
              error={messageOf(`payWith.${index}.maxPercent`)}
            />
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => update((f) => ({ ...f, payWith: f.payWith.filter((_, i) => i !== index) }), 'payWith')}
              disabled={form.payWith.length <= 1}
              aria-label={t('packages.removePayWith', { n: index + 1 })}
            >
              {t('packages.remove')}
            </button>
          </div>
        ))}
        {messageOf('payWith') ? (
          <p className="field-error" role="alert">
            {messageOf('payWith')}
          </p>
        ) : null}
        {form.payWith.length < payWithRowsMax ? (
          <div>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                const unused = coinNames.find((coin) => !form.payWith.some((r) => r.coinName === coin)) ?? 'USDT';
                update((f) => ({ ...f, payWith: [...f.payWith, { coinName: unused, maxPercent: '100' }] }), 'payWith');
              }}
            >
              <Icon name="plus" size={16} />
              <span>{t('packages.addPayWith')}</span>
            </button>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="form-section" disabled={isPending}>
        <legend className="section-title">{t('packages.sections.limits')}</legend>
        <div className="form-grid">
          {countField('perMemberLimit', t('packages.hints.perMemberLimit'))}
          {countField('totalLimit', entry ? t('packages.hints.totalLimitSold', { sold: entry.sold }) : t('packages.hints.totalLimit'))}
        </div>
      </fieldset>

      {isSpecial ? (
        <fieldset className="form-section" disabled={isPending}>
          <legend className="section-title">{t('packages.sections.special')}</legend>
          <SelectField
            id="product-minGrade"
            label={t('packages.fields.minGrade')}
            hint={t('packages.hints.minGrade')}
            value={form.minGrade}
            onValueChange={(value) => update((f) => ({ ...f, minGrade: value }), 'minGrade')}
            options={[{ value: '', label: t('packages.anyGrade') }, ...minGradeLevels.map((level) => ({ value: String(level), label: gradeLabel(level) }))]}
            error={messageOf('minGrade')}
          />
          <SwitchField
            id="product-isInviteOnly"
            label={t('packages.fields.isInviteOnly')}
            checked={form.isInviteOnly}
            onCheckedChange={(value) => update((f) => ({ ...f, isInviteOnly: value }), 'invitedUserNames')}
            stateText={form.isInviteOnly ? t('common.yes') : t('common.no')}
          />
          {form.isInviteOnly ? (
            <TextAreaField
              id="product-invitedUserNames"
              label={t('packages.fields.invitedUserNames')}
              hint={t('packages.hints.invitedUserNames')}
              value={form.invitedUserNames}
              onValueChange={(value) => update((f) => ({ ...f, invitedUserNames: value }), 'invitedUserNames')}
              rows={4}
              spellCheck={false}
              autoCapitalize="none"
              error={messageOf('invitedUserNames')}
            />
          ) : null}
        </fieldset>
      ) : null}
    </ConfirmForm>
  );
}
