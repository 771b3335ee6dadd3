import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /details: built by a later issue. */
export function DetailsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.details')} />;
}
