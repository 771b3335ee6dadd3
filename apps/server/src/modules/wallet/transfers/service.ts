/**
 * Member-to-member transfer (transfer code internalTransfer), posted at once in one database
 * transaction: the amount from the sender to the recipient, the fuel fee from the sender to the
 * platform (bonusFee), and a configured bonus from the platform to the recipient (bonusFeeBonus).
 */
import crypto from 'node:crypto';
import type { RecentRecipient, TransferConfig, TransferEntry, TransferRecipientCheck } from '@pp/contract';
import type { Db } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { once } from '../../../db/once.ts';
import { AppError } from '../../../errors.ts';
import type { AccountService } from '../../identity/accounts/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { amountRuleBroken, formatMinor, parseAmount, percentOfStrict, transferLimits } from '@pp/contract';
import { reserveHit } from '../../../plugins/rate-limit.ts';
import { avatarOf, maskName } from './recipient.ts';
import { refusalError, settled, type LedgerRepository, type TransferRefusal } from '../ledger/index.ts';
import { cursorAfter, keysetPage, newestFirst } from '../../../db/keyset.ts';
import { inTransaction } from '../../../db/transaction.ts';

/** The member's transfers in and out, newest first (decision 052). */
const transfersPage = newestFirst('transferList', 't.created_at', 't.id');

export class TransferService {
  constructor(
    private readonly db: Db,
    private readonly ledger: LedgerRepository,
    private readonly accounts: AccountService,
    private readonly settings: ConfigService,
  ) {}

  async config(): Promise<TransferConfig> {
    return {
      transferTypes: ['internalTransfer'],
      coins: await this.settings.get('transfer.coins'),
      feePercent: await this.settings.get('transfer.feePercent'),
      bonusPercent: await this.settings.get('transfer.bonusPercent'),
      minimum: await this.settings.get('transfer.minimumAmount'),
    };
  }

  async create(
    memberId: string,
    input: { toUserName: string; coinName: string; amount: string; transactionPassword: string; requestId: string },
  ): Promise<{ id: string }> {
    const config = await this.config();
    if (!(config.coins as string[]).includes(input.coinName)) throw new AppError('request.invalid', undefined, 'coinName', 'validation.choosePointType');
    const amount = parseAmount(input.amount);
    if (amount === null || amount <= 0n) throw new AppError('request.invalid', undefined, 'amount', 'validation.amountPositive');
    const broken = amountRuleBroken(amount, config.minimum, '0');
    if (broken) throw new AppError('request.invalid', { x: broken.x }, 'amount', broken.key);
    // The transaction password first: only its owner may learn whether a recipient name exists (decision 007).
    await this.accounts.authorizeMoneyAction(memberId, input.transactionPassword);
    const recipient = await this.accounts.repository.byName(input.toUserName);
    if (!recipient) throw new AppError('transfer.recipientNotFound');
    if (recipient.id === memberId) throw new AppError('transfer.toSelf');
    const fee = percentOfStrict(amount, config.feePercent, 'up');
    const bonus = percentOfStrict(amount, config.bonusPercent, 'down');
    const coin = input.coinName;
    const sender = { owner: memberId, coinName: coin, purpose: 'available' };
    const receiver = { owner: recipient.id, coinName: coin, purpose: 'available' };
    // Keyed once (db/once.ts): parallel sends and retries of one request move the money once and
    // are all answered with the first transfer. The input is the business request only, so a retry
    // with the transaction password typed again is still the same request.
    const key = {
      scope: 'transferCreate',
      actor: memberId,
      requestId: input.requestId,
      input: { toUserName: input.toUserName, coinName: coin, amount },
    };
    return inTransaction(
      this.db,
      (tx) =>
        once(tx, key, async () => {
          // Short of funds for the amount or its fee is the member's to fix; any other refusal is ours.
          const refused = (result: TransferRefusal) =>
            result === 'insufficientBalance' ? new AppError('request.invalid', undefined, 'amount', 'validation.insufficientBalance') : refusalError(result);
          const sent = await this.ledger.transfer(
            { requestId: null, code: 'internalTransfer', coinName: coin, amount, debit: sender, credit: receiver, isPending: false, memo: recipient.user_name },
            tx,
          );
          if (!sent.ok) throw refused(sent.result);
          const main = sent.record;
          if (fee > 0n) {
            const charged = await this.ledger.transfer(
              {
                requestId: null,
                code: 'bonusFee',
                coinName: coin,
                amount: fee,
                debit: sender,
                credit: { owner: 'system', coinName: coin, purpose: 'fees' },
                isPending: false,
                memo: recipient.user_name,
              },
              tx,
            );
            if (!charged.ok) throw refused(charged.result);
          }
          if (bonus > 0n) {
            settled(
              await this.ledger.transfer(
                {
                  requestId: null,
                  code: 'bonusFeeBonus',
                  coinName: coin,
                  amount: bonus,
                  debit: { owner: 'system', coinName: coin, purpose: 'transferBonus' },
                  credit: receiver,
                  isPending: false,
                  memo: recipient.user_name,
                },
                tx,
              ),
            );
          }
          const id = crypto.randomUUID();
          await tx
            .insertInto('member_transfers')
            .values({ id, transfer_id: main.id, from_id: memberId, to_id: recipient.id, coin_name: coin, amount, fee, bonus, created_at: Date.now() })
            .execute();
          return { id };
        }),
      { groupCommit: true },
    );
  }

  /**
   * Who a name belongs to, masked, before the member confirms a transfer (decision 093). Each
   * check takes a place in the member's window in the database first (shared by every process,
   * kept across restarts), found or not, so a member can test at most
   * `transferLimits.recipientChecksPerWindowMax` names a window.
   */
  async checkRecipient(memberId: string, toUserName: string, now = Date.now()): Promise<TransferRecipientCheck> {
    const place = await reserveHit(
      this.db,
      `recipientCheck:${memberId}`,
      transferLimits.recipientCheckWindowMs,
      transferLimits.recipientChecksPerWindowMax,
      now,
    );
    if (!place.isReserved) throw new AppError('rate.limited', { seconds: Math.max(1, Math.ceil((place.resetsAt - now) / 1000)) });
    const recipient = await this.accounts.repository.byName(toUserName.trim());
    if (!recipient) return { recipient: null, isSelf: false };
    return {
      recipient: { maskedName: maskName(recipient.user_name), avatar: avatarOf(recipient.id, recipient.user_name) },
      isSelf: recipient.id === memberId,
    };
  }

  /** The last members this member sent to, newest first, each once: a page of the sender's index. */
  async recentRecipients(memberId: string): Promise<RecentRecipient[]> {
    const rows = await this.db
      .selectFrom('member_transfers as t')
      .innerJoin('users as r', 'r.id', 't.to_id')
      .select(['t.to_id', 'r.user_name', 't.created_at'])
      .where('t.from_id', '=', memberId)
      .orderBy('t.created_at', 'desc')
      .limit(50)
      .execute();
    const seen = new Set<string>();
    const recent: RecentRecipient[] = [];
    for (const r of rows) {
      if (seen.has(r.to_id)) continue;
      seen.add(r.to_id);
      recent.push({ userName: r.user_name, avatar: avatarOf(r.to_id, r.user_name), lastSentAt: num(r.created_at) });
      if (recent.length === transferLimits.recentRecipientsMax) break;
    }
    return recent;
  }

  async list(
    memberId: string,
    direction: 'in' | 'out' | undefined,
    cursor: string | undefined,
    pageSize: number,
  ): Promise<{ items: TransferEntry[]; nextCursor: string | null }> {
    const side = (column: 't.from_id' | 't.to_id') =>
      keysetPage(
        this.db
          .selectFrom('member_transfers as t')
          .innerJoin('users as f', 'f.id', 't.from_id')
          .innerJoin('users as r', 'r.id', 't.to_id')
          .select(['t.id', 't.created_at', 't.from_id', 't.coin_name', 't.amount', 't.fee', 't.bonus', 'f.user_name as from_name', 'r.user_name as to_name'])
          .where(column, '=', memberId),
        transfersPage,
        cursor,
        pageSize,
      );
    let page: Awaited<ReturnType<typeof side>>['items'];
    let nextCursor: string | null;
    if (direction === 'in') ({ items: page, nextCursor } = await side('t.to_id'));
    else if (direction === 'out') ({ items: page, nextCursor } = await side('t.from_id'));
    else {
      // Both directions: one page of each side's (member, created_at) index, merged newest first
      // (an OR of the two read every transfer of the member and sorted them; at 10,000,000
      // transfers that was 5x the small database's p99).
      const [sent, received] = await Promise.all([side('t.from_id'), side('t.to_id')]);
      const seen = new Set<string>();
      const merged = [...sent.items, ...received.items]
        .filter((row) => (seen.has(row.id) ? false : (seen.add(row.id), true)))
        .sort((a, b) =>
          BigInt(b.created_at) > BigInt(a.created_at) ? 1 : BigInt(b.created_at) < BigInt(a.created_at) ? -1 : b.id > a.id ? 1 : b.id < a.id ? -1 : 0,
        );
      page = merged.slice(0, pageSize);
      const more = merged.length > pageSize || sent.nextCursor !== null || received.nextCursor !== null;
      const last = page[page.length - 1];
      nextCursor = more && last ? cursorAfter(transfersPage, last) : null;
    }
    return {
      items: page.map((r) => ({
        id: r.id,
        createdAt: num(r.created_at),
        direction: r.from_id === memberId ? ('out' as const) : ('in' as const),
        fromUserName: r.from_name,
        toUserName: r.to_name,
        coinName: r.coin_name,
        amount: formatMinor(BigInt(r.amount)),
        fee: formatMinor(BigInt(r.fee)),
        bonus: formatMinor(BigInt(r.bonus)),
        status: 'success' as const,
      })),
      nextCursor,
    };
  }
}
