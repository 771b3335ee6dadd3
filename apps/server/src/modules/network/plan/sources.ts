/**
 * What the bonuses are worked out from: the purchases of a period (the package module's holding
 * events), the members above each buyer (users.tree_path, users.level), and the period volumes.
 *
 * `periodVolume` is the one place the plan sums volumes; it reads the purchase events itself. Once
 * the community module keeps performance figures per member, this function is where to read them
 * instead.
 */
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';

/** Holding events that are purchases: principal paid into a holding. */
export const purchaseEvents = ['buy', 'upgrade', 'add', 'fill', 'activate'] as const;

export interface Purchase {
  /** holding:event:at, the cause every bonus line of this purchase names. */
  key: string;
  memberId: string;
  holdingId: string;
  event: string;
  at: number;
  /** Principal paid, every point type at par, minor units. */
  volume: bigint;
}

export interface MemberNode {
  id: string;
  userName: string;
  referrerId: string | null;
  /** Nearest first: the referrer, then theirs, up to the root. */
  ancestors: string[];
  level: number;
  createdAt: number;
}

const chunk = 500;

/** The purchases of [from, to), oldest first (ties by key), one per holding, event and moment. */
export async function loadPurchases(db: Db | Tx, from: number, to: number): Promise<Purchase[]> {
  const rows = await db
    .selectFrom('package_holding_events')
    .select(['holding_id', 'member_id', 'type', 'at', 'amount'])
    .where('at', '>=', BigInt(from))
    .where('at', '<', BigInt(to))
    .where('type', 'in', [...purchaseEvents])
    .execute();
  const byKey = new Map<string, Purchase>();
  for (const r of rows) {
    const at = num(r.at);
    const key = `${r.holding_id}:${r.type}:${at}`;
    const amount = BigInt(r.amount);
    const volume = amount < 0n ? -amount : amount;
    const found = byKey.get(key);
    if (found) found.volume += volume;
    else byKey.set(key, { key, memberId: r.member_id, holdingId: r.holding_id, event: r.type, at, volume });
  }
  return [...byKey.values()].filter((p) => p.volume > 0n).sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Members by id, with their ancestors from the tree path. */
export async function loadMembers(db: Db | Tx, ids: Iterable<string>): Promise<Map<string, MemberNode>> {
  const list = [...new Set(ids)];
  const out = new Map<string, MemberNode>();
  for (let i = 0; i < list.length; i += chunk) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'user_name', 'referrer_id', 'tree_path', 'level', 'created_at'])
      .where('id', 'in', list.slice(i, i + chunk))
      .execute();
    for (const r of rows) {
      out.set(r.id, {
        id: r.id,
        userName: r.user_name,
        referrerId: r.referrer_id,
        ancestors: r.tree_path
          .split('/')
          .filter((s) => s !== '')
          .reverse(),
        level: num(r.level),
        createdAt: num(r.created_at),
      });
    }
  }
  return out;
}

/** Members who bought anything before `at` (for the sponsorship bonus's "first purchase"). */
export async function boughtBefore(db: Db | Tx, memberIds: string[], at: number): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < memberIds.length; i += chunk) {
    const rows = await db
      .selectFrom('package_holding_events')
      .select('member_id')
      .distinct()
      .where('member_id', 'in', memberIds.slice(i, i + chunk))
      .where('type', 'in', [...purchaseEvents])
      .where('at', '<', BigInt(at))
      .execute();
    for (const r of rows) out.add(r.member_id);
  }
  return out;
}

/** Who bought the activation code a holding was activated from (activateBonus), by holding id. */
export async function codeBuyers(db: Db | Tx, holdingIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < holdingIds.length; i += chunk) {
    const rows = await db
      .selectFrom('package_activation_codes')
      .select(['holding_id', 'buyer_id'])
      .where('holding_id', 'in', holdingIds.slice(i, i + chunk))
      .execute();
    for (const r of rows) if (r.holding_id) out.set(r.holding_id, r.buyer_id);
  }
  return out;
}

export interface Volumes {
  /** The member's own purchases. */
  personal: bigint;
  /** Purchases of their direct invites. */
  direct: bigint;
  /** Purchases of their whole downline (not their own). */
  team: bigint;
}

/**
 * Period volumes of `userIds` (null: everyone with any) over [from, to), from the purchases.
 * The switch point to the community's kept figures (see the module comment).
 */
export async function periodVolume(db: Db | Tx, userIds: Iterable<string> | null, from: number, to: number): Promise<Map<string, Volumes>> {
  const wanted = userIds === null ? null : new Set(userIds);
  const purchases = await loadPurchases(db, from, to);
  const buyers = await loadMembers(
    db,
    purchases.map((p) => p.memberId),
  );
  const out = new Map<string, Volumes>();
  const add = (id: string, field: keyof Volumes, v: bigint) => {
    if (wanted && !wanted.has(id)) return;
    const e = out.get(id) ?? { personal: 0n, direct: 0n, team: 0n };
    e[field] += v;
    out.set(id, e);
  };
  for (const p of purchases) {
    add(p.memberId, 'personal', p.volume);
    const buyer = buyers.get(p.memberId);
    if (!buyer) continue;
    buyer.ancestors.forEach((a, i) => {
      if (i === 0) add(a, 'direct', p.volume);
      add(a, 'team', p.volume);
    });
  }
  return out;
}
