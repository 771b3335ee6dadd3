import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { useSupportOpener } from '../../../components/layouts/support-opener';
import { Card } from '../../../components/ui/card';
import { Icon, type IconName } from '../../../components/ui/icon';

type ActionLabel =
  'wallet' | 'deposit' | 'withdraw' | 'exchange' | 'package' | 'insurance' | 'claim' | 'records' | 'ranking' | 'customerService' | 'game' | 'whitePaper';

/**
 * The home's entries (spec section 2, "Home" and the other layout's bottom navigation), each one a
 * page that already exists or the customer service dialog (decision 040).
 */
export const quickActions: ReadonlyArray<{ to: string | null; label: ActionLabel; icon: IconName }> = [
  { to: paths.details, label: 'wallet', icon: 'wallet' },
  { to: paths.recharge, label: 'deposit', icon: 'deposit' },
  { to: paths.withdraw, label: 'withdraw', icon: 'withdraw' },
  // Exchanging points has no page of its own in spec section 2; it belongs with the wallet details.
  { to: `${paths.details}?tab=exchange`, label: 'exchange', icon: 'exchange' },
  // The catalogue: what a member can buy.
  { to: paths.package, label: 'package', icon: 'package' },
  // The member's own insurance-style holdings (insuranceDetailInfo): what they hold and its actions.
  { to: `${paths.package}?tab=holdings`, label: 'insurance', icon: 'shield' },
  // Insurance claims and their review outcome; a claim is made from a holding that ended by its term.
  { to: `${paths.package}?tab=claims`, label: 'claim', icon: 'claim' },
  { to: paths.records, label: 'records', icon: 'records' },
  { to: paths.ranking, label: 'ranking', icon: 'trophy' },
  // Not a page: the live support chat, opened as the header's entry opens it.
  { to: null, label: 'customerService', icon: 'support' },
  { to: paths.game, label: 'game', icon: 'game' },
  { to: paths.whitePaper, label: 'whitePaper', icon: 'book' },
];

export function QuickActions() {
  const { t } = useTranslation();
  const openSupport = useSupportOpener();
  return (
    <Card title={t('dashboard.quickActions')}>
      <ul className="quick-actions">
        {quickActions.map((a) => {
          const content = (
            <>
              <span className="quick-action-icon">
                <Icon name={a.icon} size={22} />
              </span>
              <span className="quick-action-label">{t(`dashboard.${a.label}`)}</span>
            </>
          );
          if (a.to === null && !openSupport) return null;
          return (
            <li key={a.label}>
              {a.to === null ? (
                <button type="button" className="quick-action" onClick={openSupport ?? undefined} aria-haspopup="dialog">
                  {content}
                </button>
              ) : (
                <Link to={a.to} className="quick-action">
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
