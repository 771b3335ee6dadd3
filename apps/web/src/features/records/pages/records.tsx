import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /records (transaction records): built by a later issue. */
export function RecordsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.records')} />;
}
