import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { closeToast, getToasts, subscribeToasts } from './toast';
import { Icon } from './icon';

/** Renders the toast store; a live region so screen readers hear each message. */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  return (
    <div className="toast-region" role="region" aria-label={t('toast.region')}>
      <div aria-live="polite" aria-atomic="false" className="toast-stack">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
            <span className="toast-icon">
              <Icon name={toast.kind === 'error' ? 'alert' : 'check'} size={14} />
            </span>
            <p className="toast-text">{toast.text}</p>
            <button type="button" className="toast-close" aria-label={t('toast.close')} onClick={() => closeToast(toast.id)}>
              <Icon name="close" size={16} />
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
