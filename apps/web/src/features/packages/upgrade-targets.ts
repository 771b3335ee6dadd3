import type { HoldingEntry, ProductEntry } from '@pp/contract';
import { parsePoints } from '../../lib/points';

/** Products a holding may move up to: on sale, another product, a higher price per unit. */
export function upgradeTargets(holding: HoldingEntry, products: readonly ProductEntry[] | undefined): ProductEntry[] {
  const price = parsePoints(holding.terms.price) ?? 0n;
  return (products ?? []).filter((p) => p.isOnSale && p.id !== holding.productId && (parsePoints(p.terms.price) ?? 0n) > price);
}
