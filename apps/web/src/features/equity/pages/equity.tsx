import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /equity (shares purchase): built by a later issue. */
export function EquityPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.equity')} />;
}
