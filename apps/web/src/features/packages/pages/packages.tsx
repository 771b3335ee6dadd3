import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /package (packages: buy, upgrade, top-up, redeem, internal transfer): built by a later issue. */
export function PackagesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.package')} />;
}
