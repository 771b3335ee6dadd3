import type { AssetEntry, CoinEntry, Language } from '@pp/contract';

/** The registration points (spec: "assets points"), the balance that can be transferred. */
export const transferableCoin = 'ASSETS_POINT';

/** True when a decimal string is above zero; amounts are never turned into floats. */
export function isPositiveAmount(value: string | undefined): boolean {
  if (value === undefined) return false;
  const match = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!match) return false;
  const [, sign, whole = '', fraction = ''] = match;
  return sign === '' && /[1-9]/.test(whole + fraction);
}

/** Spec section 2: the transfer entry appears once the ASSETS_POINT available balance is above 0. */
export function hasTransferablePoints(assets: readonly AssetEntry[] | undefined): boolean {
  return isPositiveAmount(assets?.find((a) => a.coinName === transferableCoin)?.assetsAvailable);
}

/** Available points of a coin: undefined while balances load, "0" for a coin the member never held. */
export function availableOf(assets: readonly AssetEntry[] | undefined, coinName: string): string | undefined {
  if (!assets) return undefined;
  return assets.find((a) => a.coinName === coinName)?.assetsAvailable ?? '0';
}

/** The name of a point type for the reader: the Chinese name in zh-CN, the short name elsewhere. */
export function coinLabel(coinName: string, coins: readonly CoinEntry[] | undefined, language: Language): string {
  const coin = coins?.find((c) => c.coinName === coinName);
  if (!coin) return coinName;
  return language === 'zh-CN' ? coin.cnName : coin.shortName;
}
