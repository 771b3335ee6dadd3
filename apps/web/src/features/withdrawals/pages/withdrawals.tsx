import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /withdraw (withdrawals, on-chain and bank): built by a later issue. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.withdraw')} />;
}
