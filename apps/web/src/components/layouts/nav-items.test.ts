// Proves which navigation entries the member's flags add (spec sections 2 and 6).
import { describe, expect, it } from 'vitest';
import { footerTabs, mobileMenuLinks, settingsMenuLinks, sideNavItems, topNavItems, type NavFlags } from './nav-items';

const none: NavFlags = { canBuyPurchaseCode: false, canBuyEquity: false, canTransfer: false };
const all: NavFlags = { canBuyPurchaseCode: true, canBuyEquity: true, canTransfer: true };
const toOf = (items: { to: string }[]) => items.map((i) => i.to);

describe('navigation', () => {
  it('top nav: home, package, recharge, withdraw, records, account info; plus rush purchase and equity by flag', () => {
    expect(toOf(topNavItems(none))).toEqual(['/index', '/package', '/recharge', '/withdraw', '/records', '/user-info']);
    expect(toOf(topNavItems({ ...none, canBuyPurchaseCode: true }))).toContain('/code');
    expect(toOf(topNavItems({ ...none, canBuyEquity: true }))).toContain('/equity');
    expect(toOf(topNavItems(all)).slice(-2)).toEqual(['/code', '/equity']);
  });

  it('side nav: overview, package, recharge, withdraw, records, wallet; plus transfer by balance', () => {
    expect(toOf(sideNavItems(none))).toEqual(['/index', '/package', '/recharge', '/withdraw', '/records', '/details']);
    expect(toOf(sideNavItems({ ...none, canTransfer: true }))).toEqual(['/index', '/package', '/recharge', '/withdraw', '/records', '/details', '/transfer']);
  });

  it('mobile tabs: package, recharge, withdraw, home in the centre, records, referral, account', () => {
    expect(toOf(footerTabs())).toEqual(['/package', '/recharge', '/withdraw', '/index', '/records', '/invite-tree', '/user-info']);
  });

  it('mobile menu: rush purchase, equity and transfer only by flag; wallet, notices, invite tree, ranking, plan chart, proof of liabilities, game, white paper and help centre always', () => {
    expect(toOf(mobileMenuLinks(none))).toEqual([
      '/details',
      '/notification',
      '/invite-tree',
      '/ranking',
      '/plan',
      '/setting',
      '/proof',
      '/game',
      '/white-paper',
      '/help',
    ]);
    expect(toOf(mobileMenuLinks(all))).toEqual([
      '/code',
      '/equity',
      '/details',
      '/transfer',
      '/notification',
      '/invite-tree',
      '/ranking',
      '/plan',
      '/setting',
      '/proof',
      '/game',
      '/white-paper',
      '/help',
    ]);
  });

  it('desktop settings menu: invite tree, ranking, plan chart, white paper, help centre, proof of liabilities, security (customer service is an action beside them)', () => {
    expect(toOf(settingsMenuLinks())).toEqual(['/invite-tree', '/ranking', '/plan', '/white-paper', '/help', '/proof', '/setting']);
  });
});
