import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths';
import { Card } from '../../../components/ui/card';
import { Icon, type IconName } from '../../../components/ui/icon';

const actions: ReadonlyArray<{ to: string; label: 'wallet' | 'deposit' | 'withdraw' | 'exchange' | 'package' | 'records'; icon: IconName }> = [
  { to: paths.details, label: 'wallet', icon: 'wallet' },
  { to: paths.recharge, label: 'deposit', icon: 'deposit' },
  { to: paths.withdraw, label: 'withdraw', icon: 'withdraw' },
  // Exchanging points has no page of its own in spec section 2; it belongs with the wallet details.
  { to: `${paths.details}?tab=exchange`, label: 'exchange', icon: 'exchange' },
  { to: paths.package, label: 'package', icon: 'package' },
  { to: paths.records, label: 'records', icon: 'records' },
];

export function QuickActions() {
  const { t } = useTranslation();
  return (
    <Card title={t('dashboard.quickActions')}>
      <ul className="quick-actions">
        {actions.map((a) => (
          <li key={a.label}>
            <Link to={a.to} className="quick-action">
              <span className="quick-action-icon">
                <Icon name={a.icon} size={22} />
              </span>
              <span>{t(`dashboard.${a.label}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
