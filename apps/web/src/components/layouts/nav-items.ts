/**
 * The navigation of spec section 2 as data: which entries each part of the layout shows, given
 * the member's flags. The layouts only render these lists.
 */
import { paths, type AppPath } from '../../lib/paths';
import type { WebMessages } from '../../lib/i18n';
import type { IconName } from '../ui/icon';

export interface NavFlags {
  /** userInfo.buyPurchaseCodeStatus: the rush purchase (/code) entry. */
  canBuyPurchaseCode: boolean;
  /** packageConfig.equityBuyStatus: the shares (/equity) entry. */
  canBuyEquity: boolean;
  /** ASSETS_POINT available balance above 0: the transfer (/transfer) entry. */
  canTransfer: boolean;
}

export interface NavItem {
  to: AppPath;
  label: keyof WebMessages['nav'];
  icon: IconName;
}

const item = (to: AppPath, label: NavItem['label'], icon: IconName): NavItem => ({ to, label, icon });

/** Desktop top navigation. */
export function topNavItems(flags: NavFlags): NavItem[] {
  return [
    item(paths.dashboard, 'home', 'home'),
    item(paths.package, 'package', 'package'),
    item(paths.recharge, 'recharge', 'deposit'),
    item(paths.withdraw, 'withdraw', 'withdraw'),
    item(paths.records, 'records', 'records'),
    item(paths.userInfo, 'accountInfo', 'user'),
    ...(flags.canBuyPurchaseCode ? [item(paths.code, 'rushPurchase', 'bolt')] : []),
    ...(flags.canBuyEquity ? [item(paths.equity, 'equity', 'chart')] : []),
  ];
}

/** Desktop side navigation. */
export function sideNavItems(flags: NavFlags): NavItem[] {
  return [
    item(paths.dashboard, 'overview', 'home'),
    item(paths.package, 'package', 'package'),
    item(paths.recharge, 'recharge', 'deposit'),
    item(paths.withdraw, 'withdraw', 'withdraw'),
    item(paths.records, 'records', 'records'),
    // The wallet (exchange) had no entry but a dashboard tile; it sits beside the transfer it belongs with.
    item(paths.details, 'wallet', 'wallet'),
    ...(flags.canTransfer ? [item(paths.transfer, 'transfer', 'transfer')] : []),
  ];
}

/** Mobile tab bar; the middle entry is the home button. */
export function footerTabs(): NavItem[] {
  return [
    item(paths.package, 'package', 'package'),
    item(paths.recharge, 'recharge', 'deposit'),
    item(paths.withdraw, 'withdraw', 'withdraw'),
    item(paths.dashboard, 'home', 'home'),
    item(paths.records, 'records', 'records'),
    item(paths.inviteTree, 'referral', 'invite'),
    item(paths.userInfo, 'accountInfo', 'user'),
  ];
}

/** Links of the mobile header menu (language, customer service and logout are actions beside them). */
export function mobileMenuLinks(flags: NavFlags): NavItem[] {
  return [
    ...(flags.canBuyPurchaseCode ? [item(paths.code, 'rushPurchase', 'bolt')] : []),
    ...(flags.canBuyEquity ? [item(paths.equity, 'equity', 'chart')] : []),
    item(paths.details, 'wallet', 'wallet'),
    ...(flags.canTransfer ? [item(paths.transfer, 'transfer', 'transfer')] : []),
    item(paths.notification, 'notices', 'bell'),
    item(paths.inviteTree, 'inviteTree', 'invite'),
    item(paths.ranking, 'ranking', 'chart'),
    item(paths.plan, 'planChart', 'records'),
    item(paths.settings, 'security', 'settings'),
    item(paths.proof, 'proof', 'shield'),
    item(paths.game, 'game', 'game'),
    item(paths.whitePaper, 'whitePaper', 'book'),
    item(paths.help, 'help', 'help'),
  ];
}

/** Links of the desktop settings menu (customer service is an action beside them). */
export function settingsMenuLinks(): NavItem[] {
  return [
    item(paths.inviteTree, 'inviteTree', 'invite'),
    item(paths.ranking, 'ranking', 'chart'),
    item(paths.plan, 'planChart', 'records'),
    item(paths.whitePaper, 'whitePaper', 'book'),
    item(paths.help, 'help', 'help'),
    item(paths.proof, 'proof', 'shield'),
    item(paths.settings, 'security', 'settings'),
  ];
}
