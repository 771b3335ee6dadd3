import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner, announces "please wait" and refuses clicks. */
  isBusy?: boolean;
  isBlock?: boolean;
}

export function Button({ variant = 'primary', isBusy = false, isBlock = false, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  const { t } = useTranslation();
  const classes = ['btn', `btn-${variant}`, isBlock ? 'btn-block' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={disabled || isBusy} aria-busy={isBusy || undefined}>
      {isBusy ? <span className="spinner" aria-hidden="true" /> : null}
      <span>{children}</span>
      {isBusy ? <span className="visually-hidden">{t('common.busy')}</span> : null}
    </button>
  );
}
