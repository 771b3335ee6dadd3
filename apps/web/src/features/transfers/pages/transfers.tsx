import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /transfer (point transfer): built by a later issue. */
export function TransfersPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.transfer')} />;
}
