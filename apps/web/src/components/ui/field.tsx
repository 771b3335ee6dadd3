import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

interface ShellProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  /** Content placed after the control on the same row (a button, an image). */
  addon?: ReactNode;
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function FieldShell({ id, label, hint, error, children, addon }: ShellProps) {
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className={addon ? 'field-row' : undefined}>
        {children}
        {addon}
      </div>
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  hint?: ReactNode;
  error?: string;
  addon?: ReactNode;
}

export function TextField({ label, value, onValueChange, hint, error, addon, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const { t } = useTranslation();
  const [isRevealed, setIsRevealed] = useState(false);
  const isPassword = type === 'password';
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
            aria-label={isRevealed ? t('common.hidePassword') : t('common.showPassword')}
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

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
  hint?: ReactNode;
  error?: string;
}

export function SelectField({ label, value, onValueChange, options, placeholder, hint, error, ...rest }: SelectFieldProps) {
  const id = useId();
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
        <option value="">{placeholder}</option>
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
  error?: string;
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
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
