/** Balances per coin. Every coin reads zero until the ledger (issue 4) backs the balances. */
import type { AssetEntry } from '@pp/contract';
import type { Db } from '../../db/index.ts';
import { num } from '../../db/index.ts';

function zeroAt(scale: number): string {
  return scale > 0 ? `0.${'0'.repeat(scale)}` : '0';
}

export class AssetService {
  constructor(private readonly db: Db) {}

  async list(_userId: string): Promise<AssetEntry[]> {
    const coins = await this.db.selectFrom('coins').select(['coin_name', 'scale']).orderBy('sort_order').execute();
    return coins.map((c) => {
      const zero = zeroAt(num(c.scale));
      return { coinName: c.coin_name, assetsAvailable: zero, assetsFrozen: zero, assetsFixed: zero, assetsTotal: zero };
    });
  }
}
