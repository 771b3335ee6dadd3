import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from '@pp/browser-kit';

interface ConfirmDialogProps {
  isOpen: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action is running: the confirm button spins and refuses clicks. */
  isBusy?: boolean;
  variant?: 'primary' | 'danger';
}

/**
 * "Are you sure?" before an action that moves money or cannot be undone. Closing it while the
 * action runs does not stop the action; its result still arrives as a toast.
 */
export function ConfirmDialog({
  isOpen,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  isBusy = false,
  variant = 'primary',
}: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onClose={onCancel} title={title}>
      {children}
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel} disabled={isBusy}>
          {cancelLabel}
        </Button>
        <Button variant={variant} onClick={onConfirm} isBusy={isBusy}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
