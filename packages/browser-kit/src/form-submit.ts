/**
 * The submit handler of the kit's forms (decision 013): one submission at a time, one
 * idempotency key per input across retries, the server's errors under their fields (the toast
 * is the API client's).
 */
import type { FormEvent } from 'react';
import type { Form, FormValues } from './form';
import { sendWithKey } from './request-id';
import { useSubmit } from './submit';

export interface SubmitPlan<V extends FormValues, Body> {
  /** The request body from the values (usually `form.validate(schema, values)`); null stops here. */
  parse: () => Body | null;
  /** Sends it with the submission's idempotency key. */
  send: (body: Body, requestId: string) => Promise<unknown>;
  /** Server error keys that belong under a field (besides the field the server names itself). */
  fieldOf?: Partial<Record<string, keyof V & string>>;
  /** After a refused send, before its errors are shown (e.g. a used-up image code is replaced). */
  onRefused?: () => void;
  /** After success: the key is spent already; show the result, reset or leave the page. */
  onDone: (body: Body) => void | Promise<void>;
}

/** Returns the handler for <form onSubmit> and whether a submission is running (the kit's one `useSubmit`, bound to a `useForm` form). */
export function useFormSubmit<V extends FormValues, Body>(form: Form<V>, plan: SubmitPlan<V, Body>) {
  const { isPending: isBusy, run, requestId } = useSubmit();
  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    void run(async () => {
      const body = plan.parse();
      if (body === null) return;
      try {
        await sendWithKey(requestId, body, plan.send);
      } catch (error) {
        plan.onRefused?.();
        form.showServerError(error, plan.fieldOf);
        throw error;
      }
      await plan.onDone(body);
    });
  };
  return { isBusy, onSubmit };
}
