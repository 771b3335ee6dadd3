/**
 * The one way to write a form in both apps (decision 013): form state for our small forms
 * (values, translated field errors, `bind` for a field's props), validation with the
 * contract's zod schemas (their messages are i18n keys), and useFormSubmit (form-submit.ts, a
 * module of its own so the login page's first download does not carry it). Zod itself is not imported here: the pages pass their schemas,
 * so zod is downloaded only with a page that validates (see lib/schemas.ts for the login page).
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-error';
import { issuesByField, type SafeParser } from './form-issues';

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
    <Out>(schema: SafeParser<Out>, input: unknown, onlyFields?: ReadonlyArray<keyof V & string>): Out | null => {
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
