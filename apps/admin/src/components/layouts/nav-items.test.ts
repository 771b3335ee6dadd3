// Proves the sidebar shows each role exactly the screens its permissions open.
import { describe, expect, it } from 'vitest';
import { rolePermissions } from '@pp/contract';
import { visibleNavItems } from './nav-items';

const ids = (role: keyof typeof rolePermissions) => visibleNavItems(rolePermissions[role]).map((item) => item.id);

describe('visibleNavItems', () => {
  it('shows an admin every screen', () => {
    expect(ids('admin')).toEqual([
      'dashboard',
      'reviews',
      'payouts',
      'members',
      'config',
      'audit',
      'apiReference',
      'staff',
      'jobs',
      'packages',
      'plan',
      'content',
      'support',
      'books',
      'reconciliation',
    ]);
  });
  it('hides staff management from the other roles, and the support inbox from those who may not chat', () => {
    expect(ids('viewer')).toEqual(['dashboard', 'reviews', 'payouts', 'members', 'config', 'audit', 'apiReference', 'jobs', 'packages', 'plan', 'content']);
    // Finance also sees the books and the bank reconciliation (decisions 090, 091).
    expect(ids('finance')).toEqual([
      'dashboard',
      'reviews',
      'payouts',
      'members',
      'config',
      'audit',
      'apiReference',
      'jobs',
      'packages',
      'plan',
      'content',
      'books',
      'reconciliation',
    ]);
    expect(ids('support')).toEqual([
      'dashboard',
      'reviews',
      'payouts',
      'members',
      'config',
      'audit',
      'apiReference',
      'jobs',
      'packages',
      'plan',
      'content',
      'support',
    ]);
  });
  it('shows nothing without permissions', () => {
    expect(visibleNavItems([])).toEqual([]);
  });
});
