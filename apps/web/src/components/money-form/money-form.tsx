/**
 * The one member money form (issue 32): the fields and the quote, then a confirmation that shows
 * what will move and the fee, then the transaction password's request is sent (exchange,
 * transfer, withdrawal, packages, shares). Submitting checks the form and opens the
 * confirmation; confirming sends through the kit's one submit hook (one submission at a time,
 * the pending state, the error toast) with the request's idempotency key (money-flow.ts).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSubmit } from '@pp/browser-kit';
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
  /** Sends the request waiting for confirmation. */
  confirm: () => void;
  /** Back to the form without sending. */
  back: () => void;
}

/** The state of one money form; `onBusyChange` tells a dialog around it to lock. */
export function useMoneyForm<Body, Answer>(plan: MoneyPlan<Body, Answer>, options: { onBusyChange?: (isBusy: boolean) => void } = {}): MoneyFlow<Body> {
  const { isPending: isBusy, run, requestId } = useSubmit({ onBusyChange: options.onBusyChange });
  const [pending, setPending] = useState<Body | null>(null);
  const review = (event?: FormEvent) => {
    event?.preventDefault();
    if (isBusy) return;
    const body = plan.check();
    if (body !== null) setPending(body);
  };
  const confirm = () => {
    if (pending === null) return;
    const body = pending;
    void run(() => sendConfirmed(body, plan, requestId, () => setPending(null)));
  };
  return { isBusy, pending, review, confirm, back: () => setPending(null) };
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

interface MoneyFormProps<Body> {
  flow: MoneyFlow<Body>;
  /** The fields and the quote, above the transaction password. */
  children: ReactNode;
  password: { label: string; value: string; onValueChange: (value: string) => void; error: string | undefined };
  submitLabel: string;
  /** A refusal known before sending (e.g. the product's limit): the submit button is off. */
  isSubmitBlocked?: boolean;
  confirmation: MoneyConfirmation<Body>;
  /**
   * The form is inside a dialog already: the confirmation takes the form's place there instead
   * of opening a dialog over it.
   */
  isInPlace?: boolean;
}

export function MoneyForm<Body>({ flow, children, password, submitLabel, isSubmitBlocked = false, confirmation, isInPlace = false }: MoneyFormProps<Body>) {
  const { isBusy, pending } = flow;
  if (isInPlace && pending !== null) {
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
    <form className="form money-form" onSubmit={flow.review} noValidate aria-busy={isBusy || undefined}>
      {children}
      <MoneyFormFooter
        passwordLabel={password.label}
        password={password.value}
        onPasswordChange={password.onValueChange}
        passwordError={password.error}
        submitLabel={submitLabel}
        isBusy={isBusy}
        isDisabled={isSubmitBlocked}
      />
    </form>
  );
  if (isInPlace) return form;
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
