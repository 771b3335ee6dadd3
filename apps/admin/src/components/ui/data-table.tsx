import type { ReactNode } from 'react';

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
