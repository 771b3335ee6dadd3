import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { Icon, type IconName } from '../../../components/ui/icon';

/**
 * The four ways money moves, at the top of the home on phone and desktop, as wallet apps put
 * them beside the total. Transfer is listed even before the member holds transferable points:
 * its page says what is needed, which a hidden entry never could.
 */
const primaryActions: ReadonlyArray<{ to: string; label: 'deposit' | 'withdraw' | 'transfer' | 'exchange'; icon: IconName }> = [
  { to: paths.recharge, label: 'deposit', icon: 'deposit' },
  { to: paths.withdraw, label: 'withdraw', icon: 'withdraw' },
  { to: paths.transfer, label: 'transfer', icon: 'transfer' },
  // Exchanging points lives with the wallet details (no page of its own in the spec).
  { to: `${paths.details}?tab=exchange`, label: 'exchange', icon: 'exchange' },
];

export function PrimaryActions() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('dashboard.primaryActions')}>
      <ul className="primary-actions">
        {primaryActions.map((a) => (
          <li key={a.label}>
            <Link to={a.to} className="primary-action">
              <Icon name={a.icon} size={20} />
              <span>{t(`dashboard.${a.label}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
