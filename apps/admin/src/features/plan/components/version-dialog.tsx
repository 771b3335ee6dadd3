import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { planDocument, type PlanDocument } from '@pp/contract';
import { ApiError, TextAreaField, TextField, showToast, useRequestId } from '@pp/browser-kit';
import { ConfirmForm, PendingDialog } from '../../../components/ui/confirm-form';
import { createPlanVersion } from '../api/plan';

/** "2026-11-24T00:00" in the staff member's time zone, for a datetime-local field. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/**
 * A new plan version: the whole document (every rate, depth, grade rule and cap) as JSON, opened
 * from the version in force, checked against the contract's schema before it is sent, and the
 * moment it takes effect (not in the past). The server audits it.
 */
export function VersionDialog({ base, isOpen, onClose }: { base: PlanDocument; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PendingDialog isOpen={isOpen} onClose={onClose} title={t('plan.versions.newTitle')}>
      {(pending) => <VersionForm base={base} onClose={onClose} {...pending} />}
    </PendingDialog>
  );
}

function VersionForm({ base, onClose, isPending, setIsPending }: { base: PlanDocument; onClose: () => void; isPending: boolean; setIsPending: (v: boolean) => void }) {
  const { t } = useTranslation();
  const requestIds = useRequestId();
  const [text, setText] = useState(() => JSON.stringify(base, null, 2));
  const [effective, setEffective] = useState(() => localInput(Date.now() + 60 * 60_000));
  const [note, setNote] = useState('');
  const [documentError, setDocumentError] = useState<string | null>(null);
  const [effectiveError, setEffectiveError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit() {
    setDocumentError(null);
    setEffectiveError(null);
    setFormError(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setDocumentError(t('plan.versions.notJson'));
      return;
    }
    const checked = planDocument.safeParse(parsed);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      setDocumentError(t('plan.versions.invalidAt', { path: issue.path.join('.') || '-' }));
      return;
    }
    const effectiveAt = new Date(effective).getTime();
    if (!Number.isFinite(effectiveAt)) {
      setEffectiveError(t('plan.versions.enterEffective'));
      return;
    }
    const request = { document: checked.data, effectiveAt, note: note.trim() };
    setIsPending(true);
    try {
      const entry = await createPlanVersion(request, requestIds.idFor(request));
      requestIds.reset();
      showToast('success', t('plan.versions.created', { version: entry.version }));
      onClose();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setFormError(error.message);
    } finally {
      setIsPending(false);
    }
  }

  return (
    <ConfirmForm onSubmit={() => void submit()} onClose={onClose} formError={formError} confirmLabel={t('plan.versions.create')} isPending={isPending}>
      <p className="muted">{t('plan.versions.hint')}</p>
      <TextField label={t('plan.versions.effectiveAt')} type="datetime-local" value={effective} onValueChange={setEffective} error={effectiveError ?? undefined} required />
      <TextField label={t('plan.versions.note')} value={note} onValueChange={setNote} maxLength={200} />
      <TextAreaField label={t('plan.versions.document')} value={text} onValueChange={setText} rows={18} className="textarea mono" error={documentError ?? undefined} spellCheck={false} />
    </ConfirmForm>
  );
}
