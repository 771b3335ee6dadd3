import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /code (purchase-code rush purchase): built by a later issue. */
export function PurchaseCodesPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.code')} />;
}
