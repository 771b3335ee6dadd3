/**
 * The one way to write a form in both apps (decision 013): form state for our small forms
 * (values, translated field errors, `bind` for a field's props), validation with the
 * contract's zod schemas (their messages are i18n keys), and useFormSubmit, which runs a
 * submission once at a time with one idempotency key across its retries and puts the server's
 * errors under their fields. Zod itself is not imported here: the pages pass their schemas,
 * so zod is downloaded only with a page that validates (see lib/schemas.ts for the login page).
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';
import { issuesByField, type SafeParser } from './form-issues';
import { useRequestId } from './request-id';

export type FormValues = Record<string, string | boolean>;
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export function useForm<V extends FormValues>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const { t } = useTranslation();
  const translateKey = t as unknown as (key: string) => string;

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
  }, []);

  /**
   * Parses with the schema; on failure shows each field's translated message and returns null.
   * With `onlyFields`, only those fields' errors change (e.g. checking the e-mail before
   * sending a code).
   */
  const validate = useCallback(
    <Out,>(schema: SafeParser<Out>, input: unknown, onlyFields?: ReadonlyArray<keyof V & string>): Out | null => {
      const result = schema.safeParse(input);
      const byField = result.success ? {} : issuesByField(result.error.issues);
      const translated = Object.fromEntries(Object.entries(byField).map(([field, key]) => [field, translateKey(key)])) as FieldErrors<V>;
      if (onlyFields) {
        setErrors((current) => {
          const next = { ...current };
          for (const field of onlyFields) next[field] = translated[field];
          return next;
        });
        return onlyFields.some((f) => translated[f] !== undefined) ? null : result.success ? result.data : null;
      }
      setErrors(translated);
      return result.success ? result.data : null;
    },
    [translateKey],
  );

  /**
   * Puts a server error under the field it concerns: the field the server names for an invalid
   * request, or the form's own mapping of error keys (e.g. captcha.invalid -> captchaCode).
   */
  const showServerError = useCallback((error: unknown, fieldOf: Partial<Record<string, keyof V & string>> = {}) => {
    if (!(error instanceof ApiError)) return;
    const named = error.details.field;
    const field = named !== undefined && Object.hasOwn(initial, named) ? named : error.errorKey ? fieldOf[error.errorKey] : undefined;
    if (field) setErrors((current) => ({ ...current, [field]: error.message }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the initial values of a form are fixed
  }, []);

  const reset = useCallback(() => {
    setValues(initial);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the initial values of a form are fixed
  }, []);

  /** A text field's value, change handler and error, to spread into TextField: `{...form.bind('email')}`. */
  const bind = <K extends StringKeys<V>>(name: K): BoundField => ({
    value: values[name] as string,
    onValueChange: (value: string) => setValue(name, value as V[K]),
    error: errors[name],
  });

  return { values, setValue, errors, setErrors, validate, showServerError, reset, bind };
}

/** What `bind` gives a text field. */
export interface BoundField {
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
}

type StringKeys<V> = { [K in keyof V & string]: V[K] extends string ? K : never }[keyof V & string];

export type Form<V extends FormValues> = ReturnType<typeof useForm<V>>;

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

/**
 * The submit handler of a form: one submission at a time, one idempotency key per input across
 * retries, server errors under their fields (the toast is the API client's). Returns the
 * handler for <form onSubmit> and whether a submission is running.
 */
export function useFormSubmit<V extends FormValues, Body>(form: Form<V>, plan: SubmitPlan<V, Body>) {
  const requestId = useRequestId();
  const { isBusy, run } = useSubmitGuard();
  const onSubmit = (event?: FormEvent) => {
    event?.preventDefault();
    void run(async () => {
      const body = plan.parse();
      if (body === null) return;
      try {
        await plan.send(body, requestId.idFor(body));
      } catch (error) {
        plan.onRefused?.();
        form.showServerError(error, plan.fieldOf);
        throw error;
      }
      requestId.reset();
      await plan.onDone(body);
    });
  };
  return { isBusy, onSubmit };
}

/** Runs one submission at a time; a click while busy does nothing. */
export function useSubmitGuard() {
  const isRunning = useRef(false);
  const [isBusy, setIsBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    if (isRunning.current) return;
    isRunning.current = true;
    setIsBusy(true);
    try {
      await work();
    } catch (error) {
      // ApiErrors were already shown by the API client; anything else is a bug worth seeing.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      isRunning.current = false;
      setIsBusy(false);
    }
  }, []);
  return { isBusy, run };
}
