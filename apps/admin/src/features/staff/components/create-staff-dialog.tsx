import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCreateRequest, staffRoles, type StaffRole } from '@pp/contract';
import { SelectField, TextField, showToast, useSubmit } from '@pp/browser-kit';
import { ConfirmForm, PendingDialog, type Pending } from '../../../components/ui/confirm-form';
import { ReasonField, reasonProblem } from '../../../components/ui/reason-dialog';
import { createStaff } from '../api/staff-write';

type Field = 'userName' | 'password' | 'role' | 'reason';
const fields: readonly Field[] = ['userName', 'password', 'role', 'reason'];
const isField = (value: string | undefined): value is Field => fields.includes(value as Field);

/** A new staff account; the person sets up their authenticator at their first login. */
export function CreateStaffDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <PendingDialog isOpen={isOpen} onClose={onClose} title={t('staffPage.createTitle')}>
      {(pending) => <CreateStaffForm onClose={onClose} pending={pending} />}
    </PendingDialog>
  );
}

function CreateStaffForm({ onClose, pending: { isPending, setIsPending } }: { onClose: () => void; pending: Pending }) {
  const { t } = useTranslation();
  const [values, setValues] = useState({ userName: '', password: '', role: 'viewer' as StaffRole, reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const {
    formError,
    setFormError,
    isRunning: isBusy,
    runWithKey,
  } = useSubmit({
    onBusyChange: setIsPending,
    fieldOf: (error): Field | undefined => (isField(error.details.field) ? error.details.field : error.errorKey === 'staff.nameTaken' ? 'userName' : undefined),
    showFieldError: (field, message) => setErrors({ [field]: message }),
  });
  const set = (name: Field) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
    setFormError(null);
  };

  /** The contract's schema checks the form; the texts are ours, since they state the staff rules exactly. */
  function validate(): boolean {
    const parsed = staffCreateRequest.safeParse(values);
    if (parsed.success) return true;
    const next: typeof errors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field !== 'string' || !isField(field) || next[field]) continue;
      next[field] = field === 'reason' ? reasonProblem(t, values.reason.trim()) : t(`staffPage.invalid.${field}`);
    }
    setErrors(next);
    setFormError(null);
    return false;
  }

  async function submit() {
    if (isBusy() || !validate()) return;
    const body = { ...values, userName: values.userName.trim(), reason: values.reason.trim() };
    await runWithKey(body, createStaff, () => {
      showToast('success', t('staffPage.created', { name: body.userName }));
      onClose();
    });
  }

  return (
    <ConfirmForm onSubmit={() => void submit()} onClose={onClose} formError={formError} confirmLabel={t('staffPage.create')} isPending={isPending}>
      <TextField
        id="staff-username"
        label={t('staffPage.userName')}
        hint={t('staffPage.rule.userName')}
        value={values.userName}
        onValueChange={set('userName')}
        error={errors.userName}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={32}
        required
        disabled={isPending}
      />
      <TextField
        id="staff-password"
        type="password"
        label={t('staffPage.password')}
        hint={t('staffPage.rule.password')}
        value={values.password}
        onValueChange={set('password')}
        error={errors.password}
        autoComplete="new-password"
        maxLength={128}
        required
        disabled={isPending}
      />
      <SelectField
        id="staff-role"
        label={t('staffPage.role')}
        value={values.role}
        onValueChange={set('role')}
        options={staffRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        hint={t(`roleHints.${values.role}`)}
        error={errors.role}
        disabled={isPending}
      />
      <ReasonField id="staff-reason" value={values.reason} onValueChange={set('reason')} error={errors.reason} disabled={isPending} />
    </ConfirmForm>
  );
}
