import type { ReactNode } from 'react';

export type StatusTone = 'success' | 'pending' | 'danger' | 'neutral';

/** A state word in a coloured pill; the word carries the meaning, the colour only helps. */
export function StatusBadge({ tone, children }: { tone: StatusTone; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
