/**
 * Labelled form fields: the label, the control, a hint and the field's error, tied together with
 * ids (aria-describedby, aria-invalid). What differs between the apps comes from FieldOptions.
 */
import {
  createContext,
  useContext,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';

export interface FieldOptions {
  /** Field errors are live alerts (role="alert"), read out as soon as they appear. */
  announceErrors: boolean;
  /** Password fields get a show/hide button (labels common.showPassword / common.hidePassword). */
  revealPasswords: boolean;
}

/** The portal's defaults; the back office provides its own at the top of its tree. */
export const FieldOptionsContext = createContext<FieldOptions>({ announceErrors: false, revealPasswords: true });

interface ShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
  /** Content placed after the control on the same row (a button, an image). */
  addon?: ReactNode;
}

export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldError({ id, error }: { id: string; error?: string | null }) {
  const { announceErrors } = useContext(FieldOptionsContext);
  return error ? (
    <p className="field-error" id={`${id}-error`} role={announceErrors ? 'alert' : undefined}>
      {error}
    </p>
  ) : null;
}

function FieldShell({ id, label, hint, error, children, addon }: ShellProps) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {addon ? (
        <div className="field-row">
          {children}
          {addon}
        </div>
      ) : (
        children
      )}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | null;
  addon?: ReactNode;
  /** A stable id (tests and labels find the field by it); generated when absent. */
  id?: string;
}

export function TextField({ label, value, onValueChange, hint, error, addon, id: givenId, type = 'text', ...rest }: TextFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const { t } = useTranslation();
  const { revealPasswords } = useContext(FieldOptionsContext);
  const [isRevealed, setIsRevealed] = useState(false);
  const isPassword = type === 'password' && revealPasswords;
  const translate = t as unknown as (key: string) => string;
  const input = (
    <input
      {...rest}
      id={id}
      className="input"
      type={isPassword && isRevealed ? 'text' : type}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
    />
  );
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} addon={addon}>
      {isPassword ? (
        <div className="password-wrap">
          {input}
          <button
            type="button"
            className="password-toggle"
            aria-pressed={isRevealed}
            aria-label={isRevealed ? translate('common.hidePassword') : translate('common.showPassword')}
            onClick={() => setIsRevealed((v) => !v)}
          >
            <EyeIcon isOpen={!isRevealed} />
          </button>
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
}

function EyeIcon({ isOpen }: { isOpen: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {isOpen ? null : <path d="M4 4l16 16" />}
    </svg>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
}

export function TextAreaField({ label, value, onValueChange, hint, error, id: givenId, rows = 3, ...rest }: TextAreaFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <textarea
        {...rest}
        id={id}
        rows={rows}
        className="input textarea"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </FieldShell>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value' | 'id'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The first, empty choice ("Choose…"); none when absent. */
  placeholder?: string;
  hint?: ReactNode;
  error?: string | null;
  id?: string;
}

export function SelectField({ label, value, onValueChange, options, placeholder, hint, error, id: givenId, ...rest }: SelectFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <select
        {...rest}
        id={id}
        className="input"
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | null;
  /** Shown after the label, outside it (e.g. a link to read the terms). */
  extra?: ReactNode;
}

export function CheckboxField({ label, checked, onCheckedChange, error, extra }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <div className="checkbox-row">
        <input
          id={id}
          type="checkbox"
          className="checkbox"
          checked={checked}
          onChange={(e) => onCheckedChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {extra ? <div className="checkbox-extra">{extra}</div> : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

interface SwitchFieldProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The state in words beside the switch ("On" / "Off"). */
  stateText: string;
  disabled?: boolean;
  error?: string | null;
  id?: string;
}

/** A checkbox drawn as a switch (role="switch"), labelled like every other field. */
export function SwitchField({ label, checked, onCheckedChange, stateText, disabled, error, id: givenId }: SwitchFieldProps) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <span className="switch-row">
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="switch"
          checked={checked}
          disabled={disabled}
          onChange={(e) => onCheckedChange(e.target.checked)}
          aria-describedby={describedBy(id, null, error)}
        />
        <span aria-hidden="true">{stateText}</span>
      </span>
      <FieldError id={id} error={error} />
    </div>
  );
}
