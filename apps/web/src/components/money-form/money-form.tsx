/**
 * The one member money form: the fields and the quote, then a confirmation that shows
 * what will move and the fee, then the transaction password's request is sent (exchange,
 * transfer, withdrawal, packages, shares). Submitting checks the form and opens the
 * confirmation; confirming sends through the kit's one submit hook (one submission at a time,
 * the pending state, the error toast) with the request's idempotency key (money-flow.ts).
 * Without a confirmation it is the portal's one transaction-password step for an action whose
 * dialog shows what moves above the password already (redeem and its fee preview) or that moves
 * nothing yet (arming a sale): submitting checks and sends at once, through the same flow.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, useForm, useSubmit, type BoundField } from '@pp/browser-kit';
import { translateKey } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Button } from '../ui/button';
import { MoneyFormFooter } from '../ui/money-form-footer';
import { sendConfirmed, type MoneyPlan } from './money-flow';

export type { MoneyPlan } from './money-flow';

export interface MoneyFlow<Body> {
  isBusy: boolean;
  /** The checked request waiting for the member's confirmation. */
  pending: Body | null;
  /** The form's submit: checks it and opens the confirmation. */
  review: (event?: FormEvent) => void;
  /** The submit of a form with nothing to confirm after it: checks it and sends at once. */
  sendNow: (event?: FormEvent) => void;
  /** Sends the request waiting for confirmation. */
  confirm: () => void;
  /** Back to the form without sending. */
  back: () => void;
}

/** The state of one money form; `onBusyChange` tells a dialog around it to lock. */
export function useMoneyForm<Body, Answer>(plan: MoneyPlan<Body, Answer>, options: { onBusyChange?: (isBusy: boolean) => void } = {}): MoneyFlow<Body> {
  const { isPending: isBusy, run, requestId } = useSubmit({ onBusyChange: options.onBusyChange });
  const [pending, setPending] = useState<Body | null>(null);
  const send = (body: Body) => void run(() => sendConfirmed(body, plan, requestId, () => setPending(null)));
  /** The checked request, or null (nothing while a submission runs). */
  const checked = (event?: FormEvent): Body | null => {
    event?.preventDefault();
    return isBusy ? null : plan.check();
  };
  const review = (event?: FormEvent) => {
    const body = checked(event);
    if (body !== null) setPending(body);
  };
  const sendNow = (event?: FormEvent) => {
    const body = checked(event);
    if (body !== null) send(body);
  };
  const confirm = () => {
    if (pending !== null) send(pending);
  };
  return { isBusy, pending, review, sendNow, confirm, back: () => setPending(null) };
}

/**
 * The transaction-password step of an action with nothing to confirm after it (redeem, arming a
 * sale), for a `MoneyForm` without a confirmation: the password's state and its required check,
 * the flow that sends at once, and the dialog's close, which forgets what was typed.
 */
export function usePasswordStep<Body, Answer>(
  step: Omit<MoneyPlan<Body, Answer>, 'check'> & {
    /** The request with the typed password, or null (nothing to send). */
    request: (transactionPassword: string) => Body | null;
    /** Refusals (error keys) whose words go under the password as well as in the toast. */
    refusalsUnderPassword?: readonly string[];
    /** Closes the dialog. */
    onClose: () => void;
  },
): { flow: MoneyFlow<Body>; password: BoundField; close: () => void } {
  const form = useForm({ transactionPassword: '' });
  const close = () => {
    form.reset();
    step.onClose();
  };
  const flow = useMoneyForm<Body, Answer>({
    check: () => {
      if (form.values.transactionPassword.trim() === '') {
        form.setErrors({ transactionPassword: translateKey('validation.enterTransactionPassword') });
        return null;
      }
      return step.request(form.values.transactionPassword);
    },
    send: step.send,
    onRefused: (error) => {
      if (error instanceof ApiError && error.errorKey && step.refusalsUnderPassword?.includes(error.errorKey)) {
        form.setErrors({ transactionPassword: error.message });
      }
      step.onRefused?.(error);
    },
    onDone: async (answer, body) => {
      form.reset();
      await step.onDone(answer, body);
    },
  });
  return { flow, password: form.bind('transactionPassword'), close };
}

export interface MoneyConfirmation<Body> {
  /** The confirmation dialog's title (in place, the dialog around the form has its own). */
  title?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** What will move and the fee. */
  summary: (body: Body) => ReactNode;
  /** A test id on the in-place confirmation. */
  testId?: string;
}

/** The transaction password field: its label and the form's field, `{ label, ...form.bind('transactionPassword') }`. */
export interface MoneyPassword extends BoundField {
  label: string;
}

interface MoneyFormProps<Body> {
  flow: MoneyFlow<Body>;
  /** The fields and the quote, above the transaction password. */
  children: ReactNode;
  password: MoneyPassword;
  submitLabel: string;
  /** The submit button's look: 'danger' for what cannot be undone (redeem). */
  submitVariant?: 'primary' | 'danger';
  /** A refusal known before sending (e.g. the product's limit): the submit button is off. */
  isSubmitBlocked?: boolean;
  /**
   * What will move and the fee, confirmed after the password. Without it the form is a
   * transaction-password step: what moves is above the password already, and submitting sends.
   */
  confirmation?: MoneyConfirmation<Body>;
  /** In a dialog: the way out beside the submit button (e.g. back, closing the dialog). */
  back?: { label: string; onBack: () => void };
  /**
   * The form is inside a dialog already: the confirmation takes the form's place there instead
   * of opening a dialog over it.
   */
  isInPlace?: boolean;
}

export function MoneyForm<Body>({
  flow,
  children,
  password,
  submitLabel,
  submitVariant,
  isSubmitBlocked = false,
  confirmation,
  back,
  isInPlace = false,
}: MoneyFormProps<Body>) {
  const { isBusy, pending } = flow;
  if (confirmation && isInPlace && pending !== null) {
    return (
      <div className="stack-tight" data-testid={confirmation.testId}>
        {confirmation.summary(pending)}
        <div className="dialog-actions">
          <Button variant="secondary" onClick={flow.back} disabled={isBusy}>
            {confirmation.cancelLabel}
          </Button>
          <Button onClick={flow.confirm} isBusy={isBusy}>
            {confirmation.confirmLabel}
          </Button>
        </div>
      </div>
    );
  }
  const form = (
    <form className="form money-form" onSubmit={confirmation ? flow.review : flow.sendNow} noValidate aria-busy={isBusy || undefined}>
      {children}
      <MoneyFormFooter password={password} submitLabel={submitLabel} submitVariant={submitVariant} back={back} isBusy={isBusy} isDisabled={isSubmitBlocked} />
    </form>
  );
  if (!confirmation || isInPlace) return form;
  return (
    <>
      {form}
      <ConfirmDialog
        isOpen={pending !== null}
        title={confirmation.title ?? null}
        confirmLabel={confirmation.confirmLabel}
        cancelLabel={confirmation.cancelLabel}
        onConfirm={flow.confirm}
        onCancel={flow.back}
        isBusy={isBusy}
      >
        {pending !== null ? confirmation.summary(pending) : null}
      </ConfirmDialog>
    </>
  );
}
