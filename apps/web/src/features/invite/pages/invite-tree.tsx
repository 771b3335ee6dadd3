import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../../components/ui/coming-soon';

/** /invite-tree (referral tree and community): built by a later issue. */
export function InviteTreePage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('pages.inviteTree')} />;
}
