/**
 * The one submit hook of both browser apps, so every form behaves the same
 * (docs/decisions/053-forms-one-way-and-one-money-form.md): page forms and dialog forms alike.
 * One submission at a time (a second submit while one runs is dropped), a pending flag for the
 * buttons (and the dialog's lock through `onBusyChange`), an idempotency key per
 * attempt (`requestId`: same input, same key across retries; reset on success), and a refusal
 * shown where it belongs: under the field `fieldOf` names, else in `formError` (dialogs show it
 * above the buttons, since toasts sit behind a modal; pages leave it to the API client's toast).
 * `run(send, onDone)`: `onDone` gets the answer (toast, close the dialog, reset the form);
 * `runWithKey(payload, send, onDone)` is `run` for a write with an idempotency key: `send` gets
 * the payload's key (request-id.ts `sendWithKey`), so no form takes or spends keys itself.
 * The kit's `useFormSubmit` binds this hook to a `useForm` form.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-client';
import { sendWithKey, useRequestId } from './request-id';

/** The form field a refusal belongs under, if any (null or undefined: none). */
export type FieldOf<F extends string> = (error: ApiError) => F | null | undefined;

export interface SubmitOptions<F extends string = never> {
  /** The form field a refusal belongs under (from `error.details.field` or the error key), if any. */
  fieldOf?: FieldOf<F>;
  /** Shows the server's words under that field. */
  showFieldError?: (field: F, message: string) => void;
  /** The text above the buttons when the refusal went under a field (e.g. "correct the fields"); none by default. */
  fieldErrorNote?: string;
  /** After any refusal that is shown (e.g. leave a confirmation step for the form). */
  onRefused?: () => void;
  /** Told when a submission starts and ends (e.g. the lock of the dialog around the form). */
  onBusyChange?: (isBusy: boolean) => void;
}

/**
 * Shows a failed write: nothing for a request the user cancelled or let expire; the server's
 * words under the field `fieldOf` names (and `fieldErrorNote` in `formError`), else in
 * `formError`. Anything but an ApiError is a bug and is thrown again.
 */
export function showRefusal<F extends string>(error: unknown, options: SubmitOptions<F>, setFormError: (text: string | null) => void): void {
  if (!(error instanceof ApiError)) throw error;
  if (error.kind === 'aborted' || error.kind === 'expired') return;
  options.onRefused?.();
  const field = options.fieldOf?.(error);
  if (!field) return setFormError(error.message);
  options.showFieldError?.(field, error.message);
  setFormError(options.fieldErrorNote ?? null);
}

/** The state one submit hook keeps between submissions (a plain object, so it can be tested without React). */
export interface SubmitGate {
  isRunning: boolean;
}

/**
 * Runs one submission through the gate: dropped while another runs; `send`, then `onDone` with
 * the answer; a refusal goes to `refuse`. Answers whether it ran to success.
 */
export async function runSubmission<T>(
  gate: SubmitGate,
  send: () => Promise<T>,
  onDone: ((answer: T) => unknown) | undefined,
  hooks: { setBusy: (isBusy: boolean) => void; refuse: (error: unknown) => void; clear: () => void },
): Promise<boolean> {
  if (gate.isRunning) return false;
  gate.isRunning = true;
  hooks.setBusy(true);
  hooks.clear();
  try {
    const answer = await send();
    await onDone?.(answer);
    return true;
  } catch (error) {
    hooks.refuse(error);
    return false;
  } finally {
    gate.isRunning = false;
    hooks.setBusy(false);
  }
}

export function useSubmit<F extends string = never>(options: SubmitOptions<F> = {}) {
  const gate = useRef<SubmitGate>({ isRunning: false });
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [isPending, setIsPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const requestId = useRequestId();

  const run = useCallback(
    <T>(send: () => Promise<T>, onDone?: (answer: T) => unknown) =>
      runSubmission(gate.current, send, onDone, {
        setBusy: (isBusy) => {
          setIsPending(isBusy);
          latest.current.onBusyChange?.(isBusy);
        },
        refuse: (error) => showRefusal(error, latest.current, setFormError),
        clear: () => setFormError(null),
      }).then((succeeded) => {
        if (succeeded) requestId.reset();
      }),
    [requestId],
  );
  /** `run` of one write with its idempotency key: the same key for a retry of the same payload, a new one after success or for another payload. */
  const runWithKey = useCallback(
    <P, T>(payload: P, send: (payload: P, requestId: string) => Promise<T>, onDone?: (answer: T) => unknown) =>
      run(() => sendWithKey(requestId, payload, send), onDone),
    [run, requestId],
  );
  /** Answers at once (no render needed), so a submit can skip its checks while one runs. */
  const isRunning = useCallback(() => gate.current.isRunning, []);

  return { isPending, isRunning, formError, setFormError, requestId, run, runWithKey };
}
