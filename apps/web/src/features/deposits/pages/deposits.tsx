import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /recharge (deposits, on-chain and bank): built by a later issue. */
export function DepositsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.recharge')} />;
}
