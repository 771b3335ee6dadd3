/** Balances per coin, read from the ledger: available, frozen (held by pending debits), fixed, total. */
import type { AssetEntry } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { formatMinor } from '@pp/contract';
import type { LedgerRepository } from '../ledger/index.ts';

export class AssetService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
  ) {}

  async list(userId: string): Promise<AssetEntry[]> {
    const coins = await this.db.selectFrom('coins').select('coin_name').orderBy('sort_order').execute();
    const balances = await this.ledger.memberBalances(userId);
    return coins.map((c) => {
      const b = balances.get(c.coin_name) ?? { available: 0n, frozen: 0n, fixed: 0n };
      return {
        coinName: c.coin_name,
        assetsAvailable: formatMinor(b.available),
        assetsFrozen: formatMinor(b.frozen),
        assetsFixed: formatMinor(b.fixed),
        assetsTotal: formatMinor(b.available + b.frozen + b.fixed),
      };
    });
  }
}
