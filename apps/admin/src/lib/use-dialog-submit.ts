import { useState } from 'react';
import { ApiError, useSubmitGuard } from '@pp/browser-kit';

/** The form field a refusal belongs under, if any (null or undefined: none). */
export type FieldOf<F extends string> = (error: ApiError) => F | null | undefined;

export interface DialogSubmitOptions<F extends string> {
  /** The form field a refusal belongs under (from `error.details.field` or the error key), if any. */
  fieldOf?: FieldOf<F>;
  /** Shows the server's words under that field. */
  showFieldError?: (field: F, message: string) => void;
  /** The text above the buttons when the refusal went under a field (e.g. "correct the fields"); none by default. */
  fieldErrorNote?: string;
  /** After any refusal that is shown (e.g. leave a confirmation step for the form). */
  onRefused?: () => void;
  /** The lock of the dialog around the form, when the dialog holds it (it cannot close while the write runs). */
  setIsPending?: (isPending: boolean) => void;
}

/**
 * A back-office dialog's write (one at a time, with the kit's useSubmitGuard). A refusal stays in
 * the dialog, since toasts sit behind a modal: under the field `fieldOf` names, else above the
 * buttons in `formError`. `run(send, onDone)`: `onDone` gets the answer (toast, close, reset the
 * idempotency key). `isBusy()` answers at once, so a submit can skip its checks while one runs.
 */
export function useDialogSubmit<F extends string = never>(options: DialogSubmitOptions<F> = {}) {
  const [formError, setFormError] = useState<string | null>(null);
  const guard = useSubmitGuard(options.setIsPending);

  function run<T>(send: () => Promise<T>, onDone?: (answer: T) => void) {
    return guard.run(async () => {
      setFormError(null);
      try {
        const answer = await send();
        onDone?.(answer);
      } catch (error) {
        showRefusal(error, options, setFormError);
      }
    });
  }

  return { isPending: guard.isBusy, isBusy: guard.isRunning, formError, setFormError, run };
}

/**
 * Shows a failed write in the dialog: nothing for a request the staff member cancelled or let
 * expire; the server's words under the field `fieldOf` names (and `fieldErrorNote` above the
 * buttons), else above the buttons. Anything but an ApiError is a bug and is thrown again.
 */
export function showRefusal<F extends string>(error: unknown, options: DialogSubmitOptions<F>, setFormError: (text: string | null) => void): void {
  if (!(error instanceof ApiError)) throw error;
  if (error.kind === 'aborted' || error.kind === 'expired') return;
  options.onRefused?.();
  const field = options.fieldOf?.(error);
  if (!field) return setFormError(error.message);
  options.showFieldError?.(field, error.message);
  setFormError(options.fieldErrorNote ?? null);
}
