import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigEntry } from '@pp/contract';
import { SwitchField, TextAreaField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { ConfirmForm, PendingDialog, type Pending } from '../../../components/ui/confirm-form';
import { ReasonField, reasonProblem } from '../../../components/ui/reason-dialog';
import { translateOr } from '../../../lib/i18n';
import { updateConfig } from '../api/config-update';
import { parseEditorText, toEditorText } from '../config-values';
import { ConfigValue } from './config-value';

/** A JSON editor as tall as its text (a list of types runs to dozens of lines), within reason. */
export function jsonRows(text: string): number {
  return Math.min(24, Math.max(8, text.split('\n').length + 1));
}

/** Edits one setting with the editor its kind needs, plus the reason the audit trail keeps. */
export function ConfigEditDialog({ entry, onClose }: { entry: ConfigEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PendingDialog isOpen={entry !== null} onClose={onClose} title={entry ? t('configPage.editTitle', { key: entry.key }) : ''}>
      {(pending) => (entry ? <ConfigEditForm entry={entry} onClose={onClose} pending={pending} /> : null)}
    </PendingDialog>
  );
}

function ConfigEditForm({ entry, onClose, pending: { isPending, setIsPending } }: { entry: ConfigEntry; onClose: () => void; pending: Pending }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => toEditorText(entry.kind, entry.value));
  const [flag, setFlag] = useState(() => entry.value === true);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ value?: string; reason?: string }>({});
  const {
    formError,
    setFormError,
    isRunning: isBusy,
    runWithKey,
  } = useSubmit({
    onBusyChange: setIsPending,
    // The server names the field at fault: "value" (or a part of it, "value.0") or "reason".
    fieldOf: (error) => {
      const field = error.details.field ?? '';
      if (field === 'reason') return 'reason';
      if (field === 'value' || field.startsWith('value.') || error.errorKey?.startsWith('config.')) return 'value';
      return undefined;
    },
    showFieldError: (field, message) => setErrors({ [field]: message }),
  });
  const description = translateOr(`config.${entry.key}`, '');

  async function submit() {
    if (isBusy()) return;
    const next: typeof errors = {};
    let value: unknown = flag;
    if (entry.kind !== 'boolean') {
      const parsed = parseEditorText(entry.kind, text);
      if (parsed.ok) value = parsed.value;
      else next.value = t(`configPage.${parsed.errorKey}`);
    }
    const trimmed = reason.trim();
    next.reason = reasonProblem(t, trimmed);
    setErrors(next);
    setFormError(null);
    if (next.value || next.reason) return;

    const payload = { key: entry.key, value, reason: trimmed };
    await runWithKey(
      payload,
      (change, requestId) => updateConfig(change.key, change.value, change.reason, requestId),
      (saved) => {
        // A control setting's change waits for a second staff member (decision 061).
        showToast('success', saved.pendingChange ? t('configPage.sentForApproval', { key: entry.key }) : t('configPage.saved', { key: entry.key }));
        onClose();
      },
    );
  }

  const valueProps = {
    id: 'config-value',
    label: t('configPage.newValue'),
    value: text,
    onValueChange: (v: string) => {
      setText(v);
      setErrors((e) => ({ ...e, value: undefined }));
      setFormError(null);
    },
    error: errors.value,
    disabled: isPending,
  };

  return (
    <ConfirmForm onSubmit={() => void submit()} onClose={onClose} formError={formError} confirmLabel={t('common.save')} isPending={isPending}>
      {description ? <p className="dialog-text">{description}</p> : null}
      <dl className="facts facts-inline">
        <div>
          <dt>{t('configPage.current')}</dt>
          <dd>
            <ConfigValue kind={entry.kind} value={entry.value} />
          </dd>
        </div>
        <div>
          <dt>{t('configPage.default')}</dt>
          <dd>
            <ConfigValue kind={entry.kind} value={entry.defaultValue} />
          </dd>
        </div>
      </dl>
      {entry.kind === 'boolean' ? (
        <SwitchField
          id="config-value"
          label={t('configPage.newValue')}
          checked={flag}
          onCheckedChange={(v) => {
            setFlag(v);
            setErrors((e) => ({ ...e, value: undefined }));
            setFormError(null);
          }}
          stateText={flag ? t('common.on') : t('common.off')}
          error={errors.value}
          disabled={isPending}
        />
      ) : entry.kind === 'json' || entry.kind === 'chains' ? (
        <TextAreaField
          {...valueProps}
          rows={jsonRows(text)}
          className="mono"
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          hint={translateOr(`configPage.jsonHelp.${entry.key}`, t('configPage.jsonHint'))}
        />
      ) : entry.kind === 'text' ? (
        <TextAreaField {...valueProps} rows={3} />
      ) : (
        <TextField
          {...valueProps}
          inputMode={entry.kind === 'integer' ? 'numeric' : 'decimal'}
          autoComplete="off"
          spellCheck={false}
          hint={t(`configPage.hint.${entry.kind}`)}
        />
      )}
      <ReasonField
        id="config-reason"
        value={reason}
        onValueChange={(v) => {
          setReason(v);
          setErrors((e) => ({ ...e, reason: undefined }));
          setFormError(null);
        }}
        error={errors.reason}
        disabled={isPending}
      />
    </ConfirmForm>
  );
}
