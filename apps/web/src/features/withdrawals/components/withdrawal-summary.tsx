import { useTranslation } from 'react-i18next';
import { formatAmount } from '@pp/contract';
import { CardLoadState } from '../../../components/ui/card-load-state';
import { currentLanguage } from '../../../lib/i18n';
import { useWithdrawalInfo } from '../api/withdrawal-info';

/** What the member can withdraw now, what is held, and what is on its way (amount + fee of open orders). */
export function WithdrawalSummary({ coinLabel }: { coinLabel: (coinName: string) => string }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const info = useWithdrawalInfo();
  if (!info.data) return <CardLoadState isError={info.isError} onRetry={() => void info.refetch()} />;
  const { coinName, available, frozen, pendingTotal, pendingCount } = info.data;
  const coin = coinLabel(coinName);
  return (
    <dl className="withdraw-summary" data-testid="withdraw-summary">
      <div className="withdraw-summary-item withdraw-summary-main">
        <dt>{t('withdraw.summaryAvailable', { coin })}</dt>
        <dd data-testid="summary-available">{formatAmount(available, language)}</dd>
      </div>
      <div className="withdraw-summary-item">
        <dt>{t('withdraw.summaryFrozen', { coin })}</dt>
        <dd data-testid="summary-frozen">{formatAmount(frozen, language)}</dd>
      </div>
      <div className="withdraw-summary-item">
        <dt>{t('withdraw.summaryPending', { coin })}</dt>
        <dd data-testid="summary-pending">
          {formatAmount(pendingTotal, language)}
          <span className="withdraw-summary-note">{t('withdraw.pendingCount', { count: pendingCount })}</span>
        </dd>
      </div>
    </dl>
  );
}
