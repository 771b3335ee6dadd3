/** Members as staff see them: search, profile with referrer and direct invites, sessions, locks, grade. */
import type { MemberSummary } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { cursorAfter, decodeCursor, keysetCondition, type Keyset } from '../../../db/keyset.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { onceIfKeyed, type OnceKey } from '../../../db/once.ts';
import { AppError } from '../../../errors.ts';
import type { AuditService, Actor } from '../../platform/audit/index.ts';
import type { UserRow } from '../../identity/accounts/index.ts';
import { txPasswordKey, type AccountService } from '../../identity/accounts/index.ts';
import type { RuleFlag } from '../../network/community/index.ts';
import type { SessionService } from '../../identity/sessions/index.ts';

const directInvitesShownMax = 50;
/** Above every character: `key < prefix + this` holds for every key that starts with the prefix. */
const nameKeyAfterAll = '\u{10FFFF}';
/** The member search's keyset (decision 052): by name key (unique, byte order: migration 032), A to Z. */
const memberSearchKeyset: Keyset = { list: 'memberSearch', keys: [{ column: 'user_name_key', kind: 'text' }], direction: 'asc' };

function summary(u: UserRow): MemberSummary {
  return {
    id: u.id,
    userName: u.user_name,
    email: u.email,
    referralId: u.referral_id,
    countryCode: u.country_code,
    level: num(u.level),
    isLoginLocked: num(u.is_login_locked) === 1,
    isMoneyLocked: num(u.is_money_locked) === 1,
    createdAt: num(u.created_at),
  };
}

export type MemberAction = 'revokeSessions' | 'lockLogin' | 'unlockLogin' | 'lockMoney' | 'unlockMoney' | 'resetTxLock' | CommunityAction;
/** The protected flag, the purchase-code flag and the grade pin (decision 021). */
export type CommunityAction = 'protect' | 'unprotect' | 'allowPurchaseCode' | 'denyPurchaseCode' | 'unpinGrade' | 'unpinProtected' | 'unpinPurchaseCode';
const communityActions: readonly string[] = [
  'protect',
  'unprotect',
  'allowPurchaseCode',
  'denyPurchaseCode',
  'unpinGrade',
  'unpinProtected',
  'unpinPurchaseCode',
];
/** Handing a staff-pinned flag back to the plan's flag rules (decision 026). */
const unpinFlag = { unpinProtected: 'protected', unpinPurchaseCode: 'buyPurchaseCodeStatus' } as const;
/** What the community module offers the unpin: one member's flag re-evaluated with the rules in force now. */
export interface FlagReevaluator {
  reevaluateFlag(tx: Tx, memberId: string, flag: RuleFlag, at: number): Promise<boolean>;
}

export class AdminMemberService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly audit: AuditService,
    private readonly accounts: AccountService,
    private readonly flags: FlagReevaluator | null = null,
  ) {}

  /**
   * Members whose user name starts with the query, or whose e-mail or referral ID is the query,
   * keyset-paged by name key. Each is an index path (decision 048): the prefix a range of the
   * user_name_key index (byte order: migration 032), the e-mail and the referral ID exact lookups;
   * the three pages are merged here. The prefix used to be a LIKE under an OR with the exact
   * matches, which walked the whole name index for a name that is not there.
   */
  async search(query: string, cursor: string | undefined, pageSize: number) {
    const q = query.trim().toLowerCase();
    const after = decodeCursor(memberSearchKeyset, cursor);
    const base = () => {
      const builder = this.db
        .selectFrom('users')
        .selectAll()
        .orderBy('user_name_key')
        .limit(pageSize + 1);
      return after ? builder.where(keysetCondition(memberSearchKeyset, after)) : builder;
    };
    const found = q
      ? (
          await Promise.all([
            base().where('user_name_key', '>=', q).where('user_name_key', '<', `${q}${nameKeyAfterAll}`).execute(),
            base().where('email', '=', q).execute(),
            base().where('referral_id', '=', q).execute(),
          ])
        ).flat()
      : await base().execute();
    const rows = [...new Map(found.map((r) => [r.id, r])).values()]
      .sort((a, b) => (a.user_name_key < b.user_name_key ? -1 : a.user_name_key > b.user_name_key ? 1 : 0))
      .slice(0, pageSize + 1);
    const items = rows.slice(0, pageSize);
    return { items: items.map(summary), nextCursor: rows.length > pageSize ? cursorAfter(memberSearchKeyset, items[items.length - 1]!) : null };
  }

  private async mustGet(memberId: string): Promise<UserRow> {
    const row = await this.db.selectFrom('users').selectAll().where('id', '=', memberId).executeTakeFirst();
    if (!row) throw new AppError('member.notFound');
    return row;
  }

  async detail(memberId: string) {
    const member = await this.mustGet(memberId);
    const referrer = member.referrer_id ? await this.db.selectFrom('users').selectAll().where('id', '=', member.referrer_id).executeTakeFirst() : undefined;
    const invites = await this.db
      .selectFrom('users')
      .selectAll()
      .where('referrer_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .limit(directInvitesShownMax)
      .execute();
    const inviteCount = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('referrer_id', '=', memberId)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const sessions = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', memberId)
      .where('login_type', '=', 'USER')
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute();
    return {
      member: {
        ...summary(member),
        userNumber: member.user_number,
        ...(await this.accounts.txLockState(memberId)),
        agreeStatus: num(member.agree_status) === 1,
      },
      referrer: referrer ? summary(referrer) : null,
      directInvites: invites.map(summary),
      directInviteCount: num(inviteCount.n),
      sessions: sessions.map((s) => ({
        id: s.id,
        createdAt: num(s.created_at),
        lastSeenAt: num(s.last_seen_at),
        expiresAt: num(s.expires_at),
        ip: s.ip,
        userAgent: s.user_agent,
      })),
    };
  }

  /** `key`: the staff request's idempotency key (db/once.ts), so a retried action acts and is audited once. */
  async act(actor: Actor, memberId: string, action: MemberAction, reason: string, sessionId?: string, key: OnceKey | null = null): Promise<void> {
    if (communityActions.includes(action)) return this.actOnCommunity(actor, memberId, action as CommunityAction, reason, key);
    const before = await this.mustGet(memberId);
    // The transaction-password lock lives in rate_limits (decision 007); read before the transaction.
    const txBefore = await this.accounts.txLockState(memberId);
    const txAfter = action === 'resetTxLock' ? { txFailures: 0, txLockedUntil: 0 } : txBefore;
    const state = (u: UserRow, txLock: typeof txBefore) => ({
      isLoginLocked: num(u.is_login_locked) === 1,
      isMoneyLocked: num(u.is_money_locked) === 1,
      ...txLock,
    });
    await inTransaction(this.db, (tx) =>
      onceIfKeyed(tx, key, async () => {
        const update = tx.updateTable('users').where('id', '=', memberId);
        if (action === 'lockLogin') await update.set({ is_login_locked: 1 }).execute();
        if (action === 'unlockLogin') await update.set({ is_login_locked: 0 }).execute();
        if (action === 'lockMoney') await update.set({ is_money_locked: 1 }).execute();
        if (action === 'unlockMoney') await update.set({ is_money_locked: 0 }).execute();
        if (action === 'resetTxLock') await tx.deleteFrom('rate_limits').where('key', '=', txPasswordKey(memberId)).execute();
        if (action === 'revokeSessions' || action === 'lockLogin') {
          let revoke = tx
            .updateTable('sessions')
            .set({ revoked_at: Date.now() })
            .where('user_id', '=', memberId)
            .where('login_type', '=', 'USER')
            .where('revoked_at', 'is', null);
          if (sessionId && action === 'revokeSessions') revoke = revoke.where('id', '=', sessionId);
          await revoke.execute();
        }
        const after = await tx.selectFrom('users').selectAll().where('id', '=', memberId).executeTakeFirstOrThrow();
        await this.audit.record(tx, actor, {
          action: `member.${action}`,
          targetType: 'member',
          targetId: memberId,
          before: action === 'revokeSessions' ? { sessionId: sessionId ?? 'all' } : state(before, txBefore),
          after: action === 'revokeSessions' ? { revoked: sessionId ?? 'all' } : state(after, txAfter),
          reason,
        });
      }),
    );
  }

  /**
   * A staff grade pins the grade: automatic upgrades leave it alone until staff unpin it (decision
   * 021). The plan's flag rules see the new grade at once (decision 026): a flag whose rule now
   * holds, and that staff have not pinned, is granted in the same transaction and named in the audit.
   */
  async setGrade(actor: Actor, memberId: string, level: number, reason: string, key: OnceKey | null = null): Promise<void> {
    const before = await this.mustGet(memberId);
    await inTransaction(this.db, (tx) =>
      onceIfKeyed(tx, key, async () => {
        await tx.updateTable('users').set({ level }).where('id', '=', memberId).execute();
        const pinned = await tx.selectFrom('member_figures').select('grade_pinned').where('member_id', '=', memberId).executeTakeFirst();
        await tx.updateTable('member_figures').set({ grade_pinned: 1 }).where('member_id', '=', memberId).execute();
        const flagsGrantedByRule: RuleFlag[] = [];
        if (this.flags) {
          const now = Date.now();
          for (const flag of ['protected', 'buyPurchaseCodeStatus'] as const)
            if (await this.flags.reevaluateFlag(tx, memberId, flag, now)) flagsGrantedByRule.push(flag);
        }
        await this.audit.record(tx, actor, {
          action: 'member.grade',
          targetType: 'member',
          targetId: memberId,
          before: { level: num(before.level), isGradePinned: num(pinned?.grade_pinned) === 1 },
          after: { level, isGradePinned: true, ...(flagsGrantedByRule.length ? { flagsGrantedByRule } : {}) },
          reason,
        });
      }),
    );
  }

  /**
   * The protected flag, the purchase-code flag (spec section 3), the grade pin and the flag pins;
   * audited with the state before and after. Unpinning a flag hands it back to the plan's flag
   * rules at once: the member's rule in force now is checked and grants the flag if it holds.
   */
  private async actOnCommunity(actor: Actor, memberId: string, action: CommunityAction, reason: string, key: OnceKey | null): Promise<void> {
    await this.mustGet(memberId);
    await inTransaction(this.db, (tx) =>
      onceIfKeyed(tx, key, async () => {
        const read = async () => {
          const u = await tx
            .selectFrom('users')
            .select(['is_protected', 'buy_purchase_code_status', 'protected_pinned', 'buy_purchase_code_pinned'])
            .where('id', '=', memberId)
            .executeTakeFirstOrThrow();
          const f = await tx.selectFrom('member_figures').select('grade_pinned').where('member_id', '=', memberId).executeTakeFirst();
          return {
            isProtected: num(u.is_protected) === 1,
            buyPurchaseCodeStatus: num(u.buy_purchase_code_status) === 1,
            isGradePinned: num(f?.grade_pinned) === 1,
            isProtectedPinned: num(u.protected_pinned) === 1,
            isPurchaseCodePinned: num(u.buy_purchase_code_pinned) === 1,
          };
        };
        const before = await read();
        const users = tx.updateTable('users').where('id', '=', memberId);
        // A staff setting pins the flag: the plan's flag rules leave it alone (decision 026).
        if (action === 'protect') await users.set({ is_protected: 1, protected_pinned: 1 }).execute();
        if (action === 'unprotect') await users.set({ is_protected: 0, protected_pinned: 1 }).execute();
        if (action === 'allowPurchaseCode') await users.set({ buy_purchase_code_status: 1, buy_purchase_code_pinned: 1 }).execute();
        if (action === 'denyPurchaseCode') await users.set({ buy_purchase_code_status: 0, buy_purchase_code_pinned: 1 }).execute();
        if (action === 'unpinGrade') await tx.updateTable('member_figures').set({ grade_pinned: 0 }).where('member_id', '=', memberId).execute();
        let grantedByRule: boolean | undefined;
        if (action === 'unpinProtected' || action === 'unpinPurchaseCode') {
          const isPinned = action === 'unpinProtected' ? before.isProtectedPinned : before.isPurchaseCodePinned;
          if (!isPinned) throw new AppError('member.flagNotPinned');
          await users.set(action === 'unpinProtected' ? { protected_pinned: 0 } : { buy_purchase_code_pinned: 0 }).execute();
          grantedByRule = this.flags ? await this.flags.reevaluateFlag(tx, memberId, unpinFlag[action], Date.now()) : false;
        }
        const after = { ...(await read()), ...(grantedByRule === undefined ? {} : { grantedByRule }) };
        await this.audit.record(tx, actor, { action: `member.${action}`, targetType: 'member', targetId: memberId, before, after, reason });
      }),
    );
  }
}
