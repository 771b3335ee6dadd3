import { useTranslation } from 'react-i18next';

/** The thin bar at the top of the window while a page loads (spec section 2). */
export function ProgressBar({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  if (!isActive) return null;
  return (
    <div className="progress-bar" role="progressbar" aria-label={t('load.progress')}>
      <div className="progress-bar-fill" />
    </div>
  );
}
