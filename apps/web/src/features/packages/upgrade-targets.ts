import type { BuyRefusalReason, HoldingEntry, ProductEntry } from '@pp/contract';
import { parsePoints } from '@pp/contract';

/** Refusals that say the member may not have the product at all (a balance or a limit can change, these cannot). */
const barred: readonly BuyRefusalReason[] = ['saleClosed', 'notFound', 'grade', 'notInvited', 'experienceUsed'];

/** Products a holding may move up to: on sale, another product, a higher price per unit, not barred to the member. */
export function upgradeTargets(holding: HoldingEntry, products: readonly ProductEntry[] | undefined): ProductEntry[] {
  const price = parsePoints(holding.terms.price) ?? 0n;
  return (products ?? []).filter(
    (p) =>
      p.isOnSale &&
      p.id !== holding.productId &&
      p.kind !== 'experience' &&
      (parsePoints(p.terms.price) ?? 0n) > price &&
      !(p.refusal && barred.includes(p.refusal)),
  );
}
