import { useTranslation } from 'react-i18next';
import type { MemberSummary } from '@pp/contract';
import { Badge } from '../../../components/ui/badge';

export function LockBadges({ member }: { member: Pick<MemberSummary, 'isLoginLocked' | 'isMoneyLocked'> }) {
  const { t } = useTranslation();
  if (!member.isLoginLocked && !member.isMoneyLocked) return <Badge tone="success">{t('members.active')}</Badge>;
  return (
    <span className="badges">
      {member.isLoginLocked ? <Badge tone="danger">{t('members.loginLocked')}</Badge> : null}
      {member.isMoneyLocked ? <Badge tone="warning">{t('members.moneyLocked')}</Badge> : null}
    </span>
  );
}
