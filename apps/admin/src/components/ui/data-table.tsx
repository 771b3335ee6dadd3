import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A table in a box that scrolls sideways on a narrow screen (the page itself never does). The
 * box is focusable so keyboard users can scroll it too, and named by the table's caption.
 */
export function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-box" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** The head of a table's last column, which holds each row's buttons: named for screen readers only. */
export function ActionsHead() {
  const { t } = useTranslation();
  return (
    <th scope="col">
      <span className="visually-hidden">{t('common.actions')}</span>
    </th>
  );
}
