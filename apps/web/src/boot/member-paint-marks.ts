/**
 * What the dashboard's HTML copy (boot/member-paint.tsx, built) and its filler
 * (boot/member-paint-start.ts, in the page) agree on; a module of its own so the filler does not
 * bring React.
 */

/** Stands for the member's name in every text node; the filler puts the name there as text. */
export const nameMarker = '\u2060pp-member-name\u2060';

/** The copies of one language: each layout, and the translated point-type names (coins.*). */
export interface MemberPaintTemplates {
  mobile: string;
  desktop: string;
  coins: Record<string, string>;
}

/** The nav entries that show only with a flag (nav-items.ts), by the link the copy has. */
export const flaggedLinks = { canBuyPurchaseCode: '#/code', canBuyEquity: '#/equity', canTransfer: '#/transfer' } as const;

/** The calls the copy is painted from, in the order the filler asks (four: a connection is left for the app). */
export const firstCalls = ['userInfo', 'assetsList', 'packageConfig', 'appMediaList'] as const;
