import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@pp/browser-kit';

interface Question {
  /** The dialog's heading; the confirm button's label when not given. */
  title?: string;
  message: string;
  confirmLabel: string;
  tone: 'primary' | 'danger';
}

/**
 * An in-page confirmation before an irreversible action (the browser's own `confirm()` is not
 * translated, not styled and blocks the page). `ask` resolves true when confirmed, false when
 * cancelled or closed; render `element` once in the component.
 */
export function useConfirm(): { element: ReactNode; ask: (question: Question) => Promise<boolean> } {
  const { t } = useTranslation();
  const [question, setQuestion] = useState<Question | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setQuestion(null);
  };
  const ask = useCallback((q: Question) => {
    resolver.current?.(false);
    setQuestion(q);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);
  const element = (
    <Dialog isOpen={question !== null} onClose={() => answer(false)} title={question?.title ?? question?.confirmLabel ?? ''}>
      <div className="dialog-form">
        <p>{question?.message}</p>
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={() => answer(false)}>
            {t('common.cancel')}
          </button>
          <button type="button" className={question?.tone === 'danger' ? 'btn btn-danger' : 'btn btn-primary'} onClick={() => answer(true)}>
            {question?.confirmLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
  return { element, ask };
}
