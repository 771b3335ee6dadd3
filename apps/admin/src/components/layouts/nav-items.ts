import type { StaffPermission } from '@pp/contract';
import { paths } from '../../lib/paths';
import type { IconName } from '../ui/icon';

export interface NavItem {
  id:
    | 'dashboard'
    | 'reviews'
    | 'payouts'
    | 'members'
    | 'config'
    | 'audit'
    | 'staff'
    | 'jobs'
    | 'packages'
    | 'plan'
    | 'content'
    | 'support'
    | 'books'
    | 'reconciliation'
    | 'apiReference';
  to: string;
  icon: IconName;
  /** The permission that opens the screen; the route table uses the same one. */
  permission: StaffPermission;
}

export const navItems: readonly NavItem[] = [
  { id: 'dashboard', to: paths.dashboard, icon: 'dashboard', permission: 'dashboard.read' },
  { id: 'reviews', to: paths.reviews, icon: 'reviews', permission: 'reviews.read' },
  { id: 'payouts', to: paths.payouts, icon: 'payouts', permission: 'reviews.read' },
  { id: 'members', to: paths.members, icon: 'members', permission: 'members.read' },
  { id: 'config', to: paths.config, icon: 'config', permission: 'config.read' },
  { id: 'audit', to: paths.audit, icon: 'audit', permission: 'audit.read' },
  { id: 'apiReference', to: paths.apiReference, icon: 'content', permission: 'config.read' },
  { id: 'staff', to: paths.staff, icon: 'staff', permission: 'staff.manage' },
  { id: 'jobs', to: paths.jobs, icon: 'history', permission: 'dashboard.read' },
  { id: 'packages', to: paths.packages, icon: 'packages', permission: 'config.read' },
  { id: 'plan', to: paths.plan, icon: 'config', permission: 'config.read' },
  { id: 'content', to: paths.content, icon: 'content', permission: 'dashboard.read' },
  { id: 'support', to: paths.support, icon: 'support', permission: 'support.chat' },
  { id: 'books', to: paths.books, icon: 'history', permission: 'finance.books' },
  { id: 'reconciliation', to: paths.reconciliation, icon: 'payouts', permission: 'finance.reconcile' },
];

/** The sidebar of one staff member: only what their permissions open. */
export function visibleNavItems(permissions: readonly StaffPermission[]): NavItem[] {
  return navItems.filter((item) => permissions.includes(item.permission));
}
