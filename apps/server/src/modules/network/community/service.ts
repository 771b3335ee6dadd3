/**
 * The member's community (decision 021): their direct invites one level at a time, a search in
 * their own downline, their figures, and the purchase and registration hooks that keep the
 * figures current. A member reads only their own downline: another member's subtree is
 * `community.notInDownline`, whether or not that member exists.
 */
import {
  communityLimits,
  communityMonthTimeZone,
  gradeNameSetOf,
  monthKeyOf,
  previousMonthKey,
  type GradeRulesAt,
  type OrganizationInfo,
  type OrganizationMember,
  formatMinor,
} from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { likeLiteral, num } from '../../../db/index.ts';
import { keysetPage, newestFirst, type Keyset } from '../../../db/keyset.ts';
import { AppError } from '../../../errors.ts';
import { nameKey, type UserRow } from '../../identity/accounts/index.ts';
import { recordNewMember, recordPurchase } from './figures.ts';
import { evaluateFlags, evaluateMemberFlag, noFlagRulesAt, type FlagRulesAt, type RuleFlag } from './flags.ts';
import { evaluateGrades } from './grades.ts';

interface FiguresRow {
  personal: bigint | number;
  community: bigint | number;
  largest_leg: bigint | number;
  team_size: bigint | number;
  direct_count: bigint | number;
  grade_pinned: bigint | number;
}

const noFigures: FiguresRow = { personal: 0n, community: 0n, largest_leg: 0n, team_size: 0n, direct_count: 0n, grade_pinned: 0 };

/** Ancestors of a member: the number of ids in "/a/b/c/". */
function depthOf(treePath: string): number {
  let n = 0;
  for (let i = 0; i < treePath.length; i++) if (treePath.charCodeAt(i) === 47) n++;
  return n - 1;
}

function subtreePrefix(u: Pick<UserRow, 'id' | 'tree_path'>): string {
  return `${u.tree_path}${u.id}/`;
}

/** A member's direct invites, newest first (decision 052). */
const invitesPage = newestFirst('organization', 'u.created_at', 'u.id');
/** A search of the downline by username, in name order (the name key is unique). */
const searchPage: Keyset = { list: 'organizationSearch', direction: 'asc', keys: [{ column: 'u.user_name_key', kind: 'text' }] };

export class CommunityService {
  constructor(
    private readonly db: Db,
    /** The grade rules in force at a time: the compensation plan's version then (services.ts). */
    private readonly gradeRulesAt: GradeRulesAt<Db | Tx>,
    /** The flag rules in force at a time (decision 026); none unless given. */
    private readonly flagRulesAt: FlagRulesAt = noFlagRulesAt,
    /** Told of every rule-granted flag, in the purchase's transaction (services.ts audits it). */
    private readonly onFlagGranted: (tx: Tx, granted: { memberId: string; flag: RuleFlag }, at: number) => Promise<void> = async () => {},
  ) {}

  // ---- hooks (in the caller's transaction) ----

  /** Registration: the member's row and one more in every ancestor's team. */
  async onMemberCreated(tx: Tx | Db, memberId: string, referrerId: string | null, at: number): Promise<void> {
    await recordNewMember(tx, memberId, referrerId, at);
  }

  /** A purchase (principal newly locked; docs/community.md lists which actions count): figures, then grades. */
  async onPurchase(tx: Tx, memberId: string, amount: bigint, at: number): Promise<void> {
    if (amount <= 0n) return;
    await recordPurchase(tx, memberId, amount, at);
    await evaluateGrades(tx, memberId, await this.gradeRulesAt(at, tx));
    for (const g of await evaluateFlags(tx, memberId, await this.flagRulesAt(at, tx))) await this.onFlagGranted(tx, g, at);
  }

  /**
   * A flag staff handed back to the rules (decision 026): the member alone is checked against the
   * rule in force at `at`. Answers whether the rule granted the flag (the caller audits the unpin).
   */
  async reevaluateFlag(tx: Tx, memberId: string, flag: RuleFlag, at: number): Promise<boolean> {
    return evaluateMemberFlag(tx, memberId, flag, await this.flagRulesAt(at, tx));
  }

  // ---- reading ----

  private async figures(db: Db | Tx, memberId: string): Promise<FiguresRow> {
    return (
      (await db
        .selectFrom('member_figures')
        .select(['personal', 'community', 'largest_leg', 'team_size', 'direct_count', 'grade_pinned'])
        .where('member_id', '=', memberId)
        .executeTakeFirst()) ?? noFigures
    );
  }

  private async mustMember(memberId: string): Promise<UserRow> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', memberId).executeTakeFirst();
    if (!row) throw new AppError('member.notFound');
    return row;
  }

  /** The member's own figures: primary-key reads only (the users row, the figures row, two month rows). */
  async info(memberId: string, origin: string, now = Date.now()): Promise<OrganizationInfo> {
    const user = await this.mustMember(memberId);
    return {
      ...(await this.figuresOf(user, now)),
      invitationCode: user.referral_id,
      referralLink: `${origin}/#/register?inviteId=${encodeURIComponent(user.referral_id)}`,
      monthTimeZone: communityMonthTimeZone,
    };
  }

  /** What staff see of a member's community. */
  async staffView(memberId: string, now = Date.now()) {
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', memberId).executeTakeFirst();
    if (!user) throw new AppError('member.notFound');
    const f = await this.figures(this.db, memberId);
    return {
      ...(await this.figuresOf(user, now)),
      isGradePinned: num(f.grade_pinned) === 1,
      buyPurchaseCodeStatus: num(user.buy_purchase_code_status) === 1,
      isProtectedPinned: num(user.protected_pinned) === 1,
      isPurchaseCodePinned: num(user.buy_purchase_code_pinned) === 1,
    };
  }

  private async figuresOf(user: UserRow, now: number) {
    const f = await this.figures(this.db, user.id);
    const thisMonth = monthKeyOf(now);
    const lastMonth = previousMonthKey(thisMonth);
    const months = await this.db
      .selectFrom('member_month_figures')
      .select(['month', 'personal', 'community'])
      .where('member_id', '=', user.id)
      .where('month', 'in', [thisMonth, lastMonth])
      .execute();
    const month = (key: number) => {
      const row = months.find((m) => num(m.month) === key);
      const personal = BigInt(row?.personal ?? 0n);
      const community = BigInt(row?.community ?? 0n);
      return { month: key, personal: formatMinor(personal), community: formatMinor(community), total: formatMinor(personal + community) };
    };
    const personal = BigInt(f.personal);
    const community = BigInt(f.community);
    const largestLeg = BigInt(f.largest_leg);
    return {
      level: num(user.level),
      gradeNameSet: gradeNameSetOf(user.country_code),
      isPurchased: personal > 0n,
      isProtected: num(user.is_protected) === 1,
      personal: formatMinor(personal),
      community: formatMinor(community),
      total: formatMinor(personal + community),
      largestLeg: formatMinor(largestLeg),
      smallZone: formatMinor(community - largestLeg),
      thisMonth: month(thisMonth),
      lastMonth: month(lastMonth),
      userCount: num(f.team_size),
      directCount: num(f.direct_count),
    };
  }

  /**
   * Direct invites of the caller or of a member of the caller's downline, newest first; or, with
   * `search`, members of the caller's downline whose username starts with it, by name. Both keyset
   * paged (decision 052); a cursor of one is refused by the other.
   */
  async organization(viewerId: string, input: { memberId?: string; search?: string; cursor?: string; pageSize: number }) {
    const viewer = await this.mustMember(viewerId);
    const prefix = subtreePrefix(viewer);
    const viewerDepth = depthOf(viewer.tree_path);
    const pageSize = Math.min(input.pageSize, communityLimits.pageSizeMax);
    const search = input.search?.trim() ?? '';

    const base = this.db
      .selectFrom('users as u')
      .leftJoin('member_figures as f', 'f.member_id', 'u.id')
      .select([
        'u.id',
        'u.user_name',
        'u.user_name_key',
        'u.level',
        'u.tree_path',
        'u.created_at',
        'f.personal',
        'f.community',
        'f.team_size',
        'f.direct_count',
      ]);

    if (search) {
      const limit = Math.min(pageSize, communityLimits.searchResultsMax);
      const query = base.where(likeLiteral('u.user_name_key', nameKey(search), 'prefix')).where(likeLiteral('u.tree_path', prefix, 'prefix'));
      const { items: page, nextCursor } = await keysetPage(query, searchPage, input.cursor, limit);
      return {
        parentId: null,
        items: page.map((r) => this.entry(r, depthOf(r.tree_path) - viewerDepth)),
        nextCursor,
      };
    }

    let parent: Pick<UserRow, 'id' | 'tree_path'> = viewer;
    if (input.memberId && input.memberId !== viewer.id) {
      const target = await this.db.selectFrom('users').select(['id', 'tree_path']).where('id', '=', input.memberId).executeTakeFirst();
      // The same answer whether the member is elsewhere or does not exist at all.
      if (!target || !target.tree_path.startsWith(prefix)) throw new AppError('community.notInDownline');
      parent = target;
    }
    const childDepth = depthOf(parent.tree_path) + 1 - viewerDepth;
    const { items: page, nextCursor } = await keysetPage(base.where('u.referrer_id', '=', parent.id), invitesPage, input.cursor, pageSize);
    return {
      parentId: parent.id,
      items: page.map((r) => this.entry(r, childDepth)),
      nextCursor,
    };
  }

  private entry(
    r: {
      id: string;
      user_name: string;
      level: bigint | number;
      created_at: bigint | number;
      personal: bigint | number | null;
      community: bigint | number | null;
      team_size: bigint | number | null;
      direct_count: bigint | number | null;
    },
    depth: number,
  ): OrganizationMember {
    const personal = BigInt(r.personal ?? 0n);
    const community = BigInt(r.community ?? 0n);
    return {
      id: r.id,
      userName: r.user_name,
      level: num(r.level),
      isPurchased: personal > 0n,
      teamSize: num(r.team_size),
      directCount: num(r.direct_count),
      personal: formatMinor(personal),
      community: formatMinor(community),
      total: formatMinor(personal + community),
      depth,
      joinedAt: num(r.created_at),
    };
  }
}
