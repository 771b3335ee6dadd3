// A replay must be harmless even when the nonce store has forgotten the nonce (Redis restarted
// from an old snapshot or evicting keys, a lost SQLite nonce file): for every endpoint of the
// contract (new ones join by themselves), one valid request is sealed once, sent, the nonce store
// is emptied, and the exact same bytes are sent again. The second send must change nothing: no
// row of any table, no ledger balance, no session, no outgoing mail. Writes are safe because they
// are keyed by their request id or set a value; reads are safe because their answer is sealed to
// the sender's key (docs/protocol.md, "Why a replay changes nothing").
import crypto from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@pp/contract';
import { sealRequest } from '@pp/envelope/node';
import { dialects, login, makeTestApp, staffClient, TestClient, type CallResult, type TestApp } from '../../test/helper.ts';
import { plainPng } from '../../test/upload-files.ts';
import { verifyLedger } from '../modules/wallet/ledger/verify.ts';

/**
 * Tables left out of the snapshot, each because it records traffic, never an effect a replay
 * could multiply:
 * - the nonce store's own table (PostgreSQL; the SQLite store is a file of its own): the test
 *   empties it on purpose, and the replay writes its nonce there again;
 * - rate_limits and rate_limit_holds: fixed windows count requests, and a replay is a request.
 *   A count can only make a limit stricter; it grants nothing.
 * - audit_log: the trail of what staff asked for. A replayed staff write that sets a value again
 *   is recorded again, with nothing else changed; the rows a replay adds here are printed.
 */
const trafficTables = new Set(['envelope_nonces', 'rate_limits', 'rate_limit_holds']);
const trailTables = new Set(['audit_log']);

/**
 * Columns left out of the content hash: a session's last_seen_at moves on every request that
 * uses it (the 30-minute idle timeout is measured from it). It is part of reading, and it is the
 * same session row either way.
 */
const readingColumns: Record<string, string[]> = { sessions: ['last_seen_at'] };

type Client = 'member' | 'staff' | 'anonymous' | 'staffAnonymous';

interface Ctx {
  t: TestApp;
  member: TestClient;
  staff: TestClient;
  ids: Record<string, string>;
}

interface Case {
  /** The body sent (a request id is added to keyed endpoints that do not give one). */
  body?: (ctx: Ctx) => object | Promise<object>;
  /** Who sends it; by default the endpoint's auth says. */
  client?: Client;
  /**
   * Set when no valid request could be built here: the first send is expected to be refused, and
   * the reason is printed. The replay is still checked.
   */
  refused?: string;
}

const tx = { transactionPassword: 'Demo@123456' };
const page = { pageSize: 10 };

/** One valid request per endpoint. An endpoint missing here is sent `{}` and counted as refused. */
const cases: Partial<Record<EndpointName, Case>> = {
  userRegister: {
    body: async ({ t, ids }) => ({
      userName: 'replaynew',
      password: 'Passw0rd!x',
      confirmPassword: 'Passw0rd!x',
      transactionPassword: 'Trans0ction!x',
      confirmTransactionPassword: 'Trans0ction!x',
      countryCode: 'ID',
      email: 'replaynew@example.com',
      emailCode: await mailedCode(t, 'replaynew@example.com', ids.registerCodeSentAt!),
      inviteId: '10000001',
      agree: true,
    }),
  },
  login: { body: () => ({ userName: 'bob', password: 'Bob@123456', loginType: 'USER' }) },
  forgotPassword: { refused: 'needs an e-mail code sent for FORGOT_PASSWORD; its sender is tested under noLoginSend' },
  noLoginSend: { body: () => ({ email: 'replaynew@example.com', purpose: 'REGISTER' }) },
  loginSend: { body: () => ({ purpose: 'FORGOT_TRANSACTION_PASSWORD' }) },
  updatePassWord: { body: () => ({ oldPassword: 'Demo@12345', password: 'Demo@54321', confirmPassword: 'Demo@54321' }) },
  updateTransactionPassword: {
    body: () => ({ oldTransactionPassword: 'Demo@123456', transactionPassword: 'Demo@654321', confirmTransactionPassword: 'Demo@654321' }),
  },
  forgotTransactionPassword: {
    body: async ({ t, ids }) => ({
      emailCode: await mailedCode(t, 'demo@example.com', ids.loginSendAt!),
      transactionPassword: 'Demo@123456',
      confirmTransactionPassword: 'Demo@123456',
    }),
  },
  updateAgreeStatus: { body: () => ({ agree: true }) },
  assetsRecordList: { body: () => page },
  balanceHistory: { body: () => ({ days: 30 }) },
  exchangeCreate: { body: () => ({ exchangeType: 'USDT_TO_ASSETS', amount: '10', ...tx }) },
  exchangeList: { body: () => page },
  exchangeCancel: { body: ({ ids }) => ({ exchangeId: ids.exchangeId }) },
  transferCreate: { body: () => ({ transferType: 'internalTransfer', toUserName: 'alice', coinName: 'ASSETS_POINT', amount: '1', ...tx }) },
  transferList: { body: () => page },
  staffLogin: { body: () => ({ userName: 'finance', password: 'Finance@12345', loginType: 'STAFF' }) },
  staffTotpSetup: { refused: 'needs a fresh staff sign-in challenge in its setup stage' },
  staffTotpVerify: { refused: 'needs a fresh staff sign-in challenge and an unused TOTP step' },
  staffCreate: { body: () => ({ userName: 'replaystaff', password: 'Replay@12345x', role: 'viewer', reason: 'replay test' }) },
  staffUpdate: { body: ({ ids }) => ({ staffId: ids.viewerId, role: 'support', reason: 'replay test' }) },
  auditList: { body: () => page },
  memberSearch: { body: () => ({ query: 'ali', ...page }) },
  memberDetail: { body: ({ ids }) => ({ memberId: ids.carolId }) },
  memberAction: { body: ({ ids }) => ({ memberId: ids.carolId, action: 'protect', reason: 'replay test' }) },
  memberGrade: { body: ({ ids }) => ({ memberId: ids.carolId, level: 1, reason: 'replay test' }) },
  configUpdate: { body: () => ({ key: 'withdrawal.addressCoolingOffHours', value: 25, reason: 'replay test' }) },
  configHistory: { body: () => ({ key: 'withdrawal.addressCoolingOffHours' }) },
  reviewList: { body: () => ({ queue: 'adjustment', ...page }) },
  reviewDetail: { body: ({ ids }) => ({ id: ids.reviewId }) },
  reviewDecide: { body: ({ ids }) => ({ ids: [ids.reviewId], decision: 'approve', reason: 'replay test' }) },
  dashboardSeries: { body: () => ({ days: 30 }) },
  memberLedger: { body: ({ ids }) => ({ memberId: ids.demoId, ...page }) },
  adjustmentCreate: { body: ({ ids }) => ({ memberId: ids.bobId, coinName: 'USDT', direction: 'credit', amount: '3', reason: 'replay test' }) },
  jobRunNow: { body: () => ({ name: 'housekeeping', reason: 'replay test' }) },
  loginTwoFactor: { refused: 'needs a sign-in challenge of a member with two-step sign-in on' },
  securityTotpEnable: { body: async ({ ids }) => ({ password: 'Demo@12345', code: await totpCode(ids.totpSecret!) }) },
  securityTotpDisable: { body: ({ ids }) => ({ password: 'Demo@12345', code: ids.recoveryCode }) },
  securitySessionRevoke: { body: ({ ids }) => ({ sessionId: ids.spareSessionId }) },
  depositAddress: { body: () => ({ chain: 'BEP20' }), refused: 'no chain is configured in tests' },
  bscDepositRecordList: { body: () => page },
  uploadCreate: { body: async () => ({ fileName: 'receipt.png', content: (await plainPng()).toString('base64') }) },
  uploadFile: { body: ({ ids }) => ({ id: ids.uploadId }) },
  staffUploadFile: { body: ({ ids }) => ({ id: ids.uploadId }) },
  deposit: { body: ({ ids }) => ({ amount: '100', receiptNumber: 'R-REPLAY-1', receiptFileId: ids.uploadId }) },
  depositRecordList: { body: () => page },
  addBankAccount: { body: () => ({ bankName: 'Replay Bank', accountName: 'Demo', accountNumber: '1234567890', ...tx }) },
  delBankAccount: { body: ({ ids }) => ({ id: ids.bankAccountId }) },
  updateBankAccount: { body: ({ ids }) => ({ id: ids.bankAccountId, bankName: 'Replay Bank 2', accountName: 'Demo', accountNumber: '1234567891', ...tx }) },
  addWithdrawalAddress: { body: () => ({ chain: 'BEP20', address: '0x52908400098527886E0F7030069857D2E4169EE7', ...tx }) },
  delWithdrawalAddress: { body: ({ ids }) => ({ id: ids.trc20AddressId }) },
  updateWithdrawalAddress: {
    body: ({ ids }) => ({ id: ids.bep20AddressId, chain: 'BEP20', address: '0x8617E340B3D01FA5F11F306F4090FD50E238070D', ...tx }),
  },
  withdrawal: { body: ({ ids }) => ({ withdrawalType: 'BANK_CNY', amount: '70', bankAccountId: ids.bankAccountId, ...tx }) },
  bscWithdrawal: { body: ({ ids }) => ({ withdrawalType: 'USDT_BEP20', amount: '50', addressId: ids.bep20AddressId, ...tx }) },
  withdrawalOrderList: { body: () => page },
  withdrawalBankOrderList: { body: () => page },
  bscWithdrawalOrderList: { body: () => page },
  payoutList: { body: () => page },
  payoutHotWallet: { body: ({ ids }) => ({ id: ids.chainWithdrawalId ?? 'none' }), refused: 'no hot wallet is configured in tests' },
  payoutManualChain: {
    body: ({ ids }) => ({ id: ids.chainWithdrawalId ?? 'none', txHash: `0x${'ab'.repeat(32)}` }),
    refused: 'the pasted hash is checked on a chain, and no chain is configured in tests',
  },
  payoutBank: { body: ({ ids }) => ({ id: ids.bankWithdrawalId ?? 'none', bankReference: 'REPLAY-1' }) },
  payoutReject: { body: ({ ids }) => ({ id: ids.rejectWithdrawalId ?? 'none', reasonCode: 'other', reason: 'replay test' }) },
  buyMatchingList: { body: () => page },
  buyMatching: { body: ({ ids }) => ({ productId: ids.productId, quantity: 1, payments: [{ coinName: 'USDT', amount: '100' }], ...tx }) },
  upgradeMatching: {
    body: ({ ids }) => ({ holdingId: ids.holdingId, toProductId: ids.upgradeProductId, payments: [{ coinName: 'USDT', amount: '4000' }], ...tx }),
  },
  fillingPositions: {
    body: ({ ids }) => ({ holdingId: ids.holdingId, payments: [{ coinName: 'USDT', amount: '100' }], ...tx }),
    refused: 'a refill renews a holding that ended by its term, and none has ended here',
  },
  redeemFee: { body: ({ ids }) => ({ holdingId: ids.holdingId }) },
  redeem: { body: ({ ids }) => ({ holdingId: ids.redeemHoldingId, ...tx }) },
  addWarehouse: { body: ({ ids }) => ({ holdingId: ids.holdingId, quantity: 1, payments: [{ coinName: 'USDT', amount: '500' }], ...tx }) },
  internalTransfer: { body: ({ ids }) => ({ holdingId: ids.transferHoldingId, toUserName: 'alice', ...tx }) },
  insuranceDetailInfo: { body: ({ ids }) => ({ holdingId: ids.holdingId }) },
  paymentRecordList: { body: () => page },
  checkBuyInsurance: { body: ({ ids }) => ({ productId: ids.productId, quantity: 1 }) },
  updateInsuranceAutoAddWarehouseStatus: { body: () => ({ status: true }) },
  activationCodeBuy: { body: ({ ids }) => ({ productId: ids.productId, quantity: 1, payments: [{ coinName: 'USDT', amount: '100' }], ...tx }) },
  activationCodeList: { body: () => page },
  activationCodeActivate: { body: ({ ids }) => ({ userName: 'demo', code: ids.activationCode }) },
  claimCreate: { body: ({ ids }) => ({ holdingId: ids.holdingId }), refused: 'a claim needs a holding at its end' },
  claimList: { body: () => page },
  jackpotRecordList: { body: () => page },
  productSave: {
    body: ({ ids }) => ({ ...(JSON.parse(ids.productJson!) as object), names: { 'en-US': 'Replay plan' }, sortOrder: 77 }),
  },
  holdingAdminList: { body: () => page },
  organization: { body: () => page },
  memberCommunity: { body: ({ ids }) => ({ memberId: ids.demoId }) },
  planRanking: { body: () => ({ month: 'current' }) },
  planVersionCreate: { refused: 'a whole plan document; its writer has tests of its own' },
  planDryRun: { body: () => ({ periodKey: `day:${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}` }) },
  planRun: { body: () => ({ periodKey: `day:${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}` }) },
  mediaImage: { body: ({ ids }) => ({ id: ids.bannerId ?? 'none' }), refused: 'no banner image is uploaded here' },
  announcementList: { body: () => page },
  announcementDetail: { body: ({ ids }) => ({ id: ids.announcementId }) },
  contentDocument: { body: () => ({ kind: 'whitePaper' }) },
  notificationList: { body: () => page },
  notificationRead: { body: ({ ids }) => ({ id: ids.notificationId }) },
  announcementAdminList: { body: () => page },
  announcementSave: {
    body: () => ({ translations: { 'en-US': { title: 'Replay', body: '<p>Replay</p>' } }, isPinned: false, publishAt: Date.now(), expiresAt: null }),
  },
  announcementDelete: { body: ({ ids }) => ({ id: ids.announcementId, reason: 'replay test' }) },
  bannerSave: { refused: 'a banner needs an uploaded content image in every language' },
  bannerDelete: { body: () => ({ id: 'none', reason: 'replay test' }), refused: 'no banner exists here' },
  contentImageUpload: { body: async () => ({ fileName: 'banner.png', content: (await plainPng(800, 300)).toString('base64') }) },
  documentVersions: { body: () => ({ kind: 'whitePaper', lang: 'en-US' }) },
  documentPublish: { body: () => ({ kind: 'terms', lang: 'en-US', baseVersion: 0, title: 'Terms', body: '<p>Terms</p>' }) },
  supportThread: { body: () => ({}) },
  supportSend: { body: () => ({ body: 'hello from the replay test' }) },
  supportInbox: { body: () => ({ filter: 'all' }) },
  supportStaffThread: { body: ({ ids }) => ({ conversationId: ids.conversationId }) },
  supportStaffSend: { body: ({ ids }) => ({ conversationId: ids.conversationId, body: 'hello from staff' }) },
  supportStaffRead: { body: ({ ids }) => ({ conversationId: ids.conversationId }) },
  supportAssign: { body: ({ ids }) => ({ conversationId: ids.conversationId, staffId: ids.adminId }) },
  saleList: { body: () => ({ kind: 'code' }) },
  armPurchase: { body: ({ ids }) => ({ saleId: ids.saleId, ...tx }) },
  buyPurchaseCode: { refused: 'needs an armed permit before a rush opens' },
  flashSaleBuy: { refused: 'needs an armed permit before a flash sale opens' },
  purchaseCodeRecordList: { body: () => page },
  activatePurchaseCode: { refused: 'needs a purchase code bought in a rush' },
  givePurchaseCode: { refused: 'needs a purchase code bought in a rush' },
  buyEquity: { body: () => ({ shares: 1, ...tx }), refused: 'shares are closed until staff open them' },
  buyEquityRecordList: { body: () => page },
  saleAdminList: { body: () => page },
  saleOpen: {
    body: ({ ids }) => ({
      kind: 'code',
      productId: ids.productId,
      units: 1,
      price: '10',
      coinName: 'USDT',
      total: 5,
      perMemberLimit: 1,
      minGrade: null,
      isFlaggedOnly: false,
      startsAt: Date.now() + 3_600_000,
      endsAt: Date.now() + 7_200_000,
      reason: 'replay test',
    }),
  },
  saleClose: { body: ({ ids }) => ({ saleId: ids.closeSaleId, reason: 'replay test' }) },
  equityConfigSave: {
    body: () => ({ price: '10', coinName: 'USDT', totalIssued: 1000, maxPerMember: 10, bonusPerShare: '0.1', bonusPeriodHours: 24, reason: 'replay test' }),
  },
};

/** These end or change what the endpoints after them need, so they go last, in this order. */
const late: EndpointName[] = [
  'securitySessionRevokeOthers',
  'delBankAccount',
  'delWithdrawalAddress',
  'updatePassWord',
  'updateTransactionPassword',
  'logout',
  'staffLogout',
];

/** Endpoints whose request depends on another's effect: after it. */
const after: Partial<Record<EndpointName, EndpointName>> = {
  userRegister: 'noLoginSend',
  forgotTransactionPassword: 'loginSend',
  securityTotpEnable: 'securityTotpSetup',
  securityTotpDisable: 'securityTotpEnable',
  uploadFile: 'uploadCreate',
  staffUploadFile: 'uploadCreate',
  deposit: 'uploadCreate',
  // A changed destination waits out the cooling-off again, so the withdrawals go before the changes.
  updateBankAccount: 'withdrawal',
  updateWithdrawalAddress: 'bscWithdrawal',
  // At most 3 withdrawals wait at once: the payouts end the two made while preparing first.
  withdrawal: 'payoutBank',
  bscWithdrawal: 'payoutReject',
  activationCodeActivate: 'activationCodeBuy',
};

function ordered(): EndpointName[] {
  const names = (Object.keys(endpoints) as EndpointName[]).filter((n) => !late.includes(n));
  const out: EndpointName[] = [];
  const place = (n: EndpointName) => {
    if (out.includes(n)) return;
    const first = after[n];
    if (first && names.includes(first)) place(first);
    out.push(n);
  };
  for (const n of names) place(n);
  return [...out, ...late.filter((n) => n in endpoints)];
}

async function mailedCode(t: TestApp, email: string, sinceText: string): Promise<string> {
  const row = await t.services.dbHandle.db
    .selectFrom('mail_outbox')
    .select('body_text')
    .where('to_address', '=', email)
    .where('created_at', '>=', BigInt(sinceText))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const match = row ? /\b(\d{6})\b/.exec(row.body_text) : null;
  return match?.[1] ?? '000000';
}

async function totpCode(secret: string): Promise<string> {
  const { generate, createGuardrails } = await import('otplib');
  return generate({ secret, epoch: Math.floor(Date.now() / 1000), guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
}

/**
 * Waits until no job run asked for is still going: a staff "run now" is answered before the run
 * ends, and its rows would otherwise land in the next endpoint's snapshot.
 */
async function settled(t: TestApp): Promise<void> {
  const db = t.services.dbHandle.db;
  for (let i = 0; i < 100; i++) {
    const busy = await db
      .selectFrom('job_state')
      .select('name')
      .where((eb) => eb.or([eb('lease_owner', 'is not', null), eb('run_requested_at', '>', 0n)]))
      .executeTakeFirst();
    if (!busy) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The data of an accepted answer; a refusal while preparing stops the test with its reason. */
function must<T>(what: string, result: CallResult<T>): T {
  if (result.code !== 20000) throw new Error(`preparing ${what}: ${result.status} ${result.error} ${result.message}`);
  return result.data;
}

async function tableNames(t: TestApp): Promise<string[]> {
  const db = t.services.dbHandle.db;
  const rows =
    t.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows;
  return rows.map((r) => r.name).sort();
}

const stable = (value: unknown): string => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** Row count and a content hash of every table but the traffic ones (the rows kept to say what changed). */
async function snapshot(t: TestApp, tables: string[]): Promise<Record<string, string>> {
  const db = t.services.dbHandle.db;
  const out: Record<string, string> = {};
  lastRows = new Map();
  if (t.dialect === 'postgres') {
    // One statement hashes every table in the database: fetching every row three times an
    // endpoint took minutes there. The rows a replay changed are shown by the SQLite run.
    const parts = tables
      .filter((table) => !trafficTables.has(table))
      .map((table) => {
        const skip = (readingColumns[table] ?? []).map((c) => ` - '${c}'`).join('');
        return sql`select ${table} as name, count(*)::text as n, coalesce(md5(string_agg((to_jsonb(r)${sql.raw(skip)})::text, ',' order by (to_jsonb(r)${sql.raw(skip)})::text)), '') as h from ${sql.table(table)} r`;
      });
    const rows = (await sql<{ name: string; n: string; h: string }>`${sql.join(parts, sql` union all `)}`.execute(db)).rows;
    for (const row of rows) out[row.name] = `${row.n} ${row.h.slice(0, 16)}`;
    return out;
  }
  for (const table of tables) {
    if (trafficTables.has(table)) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows;
    const skip = readingColumns[table] ?? [];
    const lines = rows.map((row) => stable(Object.fromEntries(Object.entries(row).filter(([k]) => !skip.includes(k))))).sort();
    lastRows.set(table, lines);
    out[table] = `${rows.length} ${crypto.createHash('sha256').update(lines.join('\n')).digest('base64url').slice(0, 16)}`;
  }
  return out;
}

let lastRows = new Map<string, string[]>();

/** The rows one table gained and lost between two snapshots, shortened for the report. */
function rowDiff(before: Map<string, string[]>, now: Map<string, string[]>, table: string): string {
  const was = new Set(before.get(table) ?? []);
  const is = new Set(now.get(table) ?? []);
  const cut = (line: string) => (line.length > 400 ? `${line.slice(0, 400)}…` : line);
  const added = [...is].filter((l) => !was.has(l)).map((l) => `+ ${cut(l)}`);
  const removed = [...was].filter((l) => !is.has(l)).map((l) => `- ${cut(l)}`);
  return [...removed, ...added].slice(0, 6).join('\n      ');
}

function changed(before: Record<string, string>, now: Record<string, string>): string[] {
  return Object.keys(now).filter((k) => before[k] !== now[k]);
}

describe.each(dialects)('a replay after the nonce store forgot changes nothing (%s)', (dialect) => {
  let t: TestApp;
  const ctx = {} as Ctx;
  let forget: () => Promise<number>;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    const db = t.services.dbHandle.db;
    const member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'demo', 'Demo@12345');
    const staff = await staffClient(t, 'admin', 'Admin@12345');
    const idOf = async (name: string) => (await t.services.accounts.repository.byName(name))!.id;
    const staffId = async (name: string) => (await db.selectFrom('staff').select('id').where('user_name_key', '=', name).executeTakeFirstOrThrow()).id;
    const ids: Record<string, string> = {
      demoId: await idOf('demo'),
      bobId: await idOf('bob'),
      carolId: await idOf('carol'),
      viewerId: await staffId('viewer'),
      adminId: await staffId('admin'),
      registerCodeSentAt: '0',
      loginSendAt: '0',
    };
    // A second session of demo, for the revoke of one session.
    const spare = new TestClient(t.app, t.serverKey.publicJwk);
    await login({ ...t, client: spare }, 'demo', 'Demo@12345');
    ids.spareSessionId = (
      await db.selectFrom('sessions').select('id').where('user_id', '=', ids.demoId!).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow()
    ).id;
    // A pending adjustment made by another staff member, for admin to decide.
    const finance2 = await staffClient(t, 'finance2', 'Finance2@12345');
    const made = must(
      'a pending adjustment',
      await finance2.call<{ reviewId: string }>('adjustmentCreate', {
        memberId: ids.bobId,
        coinName: 'USDT',
        direction: 'credit',
        amount: '5',
        reason: 'replay test',
      }),
    );
    ids.reviewId = made.reviewId;
    // The demo member's things: a pending exchange, destinations, a holding, an announcement.
    ids.exchangeId = must('an exchange', await member.call<{ id: string }>('exchangeCreate', { exchangeType: 'USDT_TO_ASSETS', amount: '10', ...tx })).id;
    ids.bankAccountId = (await db.selectFrom('member_bank_accounts').select('id').where('member_id', '=', ids.demoId!).executeTakeFirstOrThrow()).id;
    const addresses = await db.selectFrom('member_withdrawal_addresses').select(['id', 'chain']).where('member_id', '=', ids.demoId!).execute();
    ids.bep20AddressId = addresses.find((a) => a.chain === 'BEP20')!.id;
    ids.trc20AddressId = addresses.find((a) => a.chain === 'TRC20')!.id;
    const holding = await db.selectFrom('package_holdings').select(['id', 'product_id']).where('member_id', '=', ids.demoId!).executeTakeFirstOrThrow();
    ids.holdingId = holding.id;
    ids.productId = holding.product_id;
    const products = await staff.call<Array<Record<string, unknown>>>('productAdminList');
    ids.upgradeProductId = String(products.data.find((p) => p.id !== ids.productId)?.id ?? ids.productId);
    const product = products.data.find((p) => p.id === ids.productId)!;
    ids.productJson = JSON.stringify({
      kind: product.kind,
      names: product.names,
      descriptions: product.descriptions,
      terms: product.terms,
      payWith: product.payWith,
      perMemberLimit: 0,
      totalLimit: 0,
      isOnSale: false,
      minGrade: null,
      isInviteOnly: false,
      invitedUserNames: [],
    });
    const second = must(
      'a second holding',
      await member.call<{ holdingId: string }>('buyMatching', {
        productId: ids.productId,
        quantity: 1,
        payments: [{ coinName: 'USDT', amount: '100' }],
        ...tx,
      }),
    );
    ids.transferHoldingId = second.holdingId;
    ids.redeemHoldingId = must(
      'a holding to redeem',
      await member.call<{ holdingId: string }>('buyMatching', {
        productId: ids.productId,
        quantity: 1,
        payments: [{ coinName: 'USDT', amount: '100' }],
        ...tx,
      }),
    ).holdingId;
    ids.announcementId = (await db.selectFrom('content_announcements').select('id').executeTakeFirstOrThrow()).id;
    ids.notificationId =
      (await db.selectFrom('notifications').select('id').where('member_id', '=', ids.demoId!).where('is_read', '=', 0).executeTakeFirst())?.id ?? 'none';
    // A support conversation, withdrawals for the payout endpoints, two rushes (one to close).
    must('a support message', await member.call('supportSend', { body: 'first message' }));
    ids.conversationId = (await db.selectFrom('support_conversations').select('id').where('member_id', '=', ids.demoId!).executeTakeFirstOrThrow()).id;
    for (const [key, body] of [
      ['bankWithdrawalId', { withdrawalType: 'BANK_CNY', amount: '50', bankAccountId: ids.bankAccountId }],
      ['rejectWithdrawalId', { withdrawalType: 'BANK_CNY', amount: '60', bankAccountId: ids.bankAccountId }],
    ] as const) {
      ids[key] = must(key, await member.call<{ id: string }>('withdrawal', { ...body, ...tx })).id;
      const item = await db.selectFrom('review_items').select('id').where('subject_id', '=', ids[key]).executeTakeFirst();
      if (item) must(`approving ${key}`, await staff.call('reviewDecide', { ids: [item.id], decision: 'approve', reason: 'replay test' }));
    }
    const sale = { kind: 'code', productId: ids.productId, units: 1, price: '10', coinName: 'USDT', total: 5, perMemberLimit: 1, minGrade: null };
    const window = { isFlaggedOnly: false, startsAt: Date.now() + 3_600_000, endsAt: Date.now() + 7_200_000, reason: 'replay test' };
    ids.saleId = must('a rush', await staff.call<{ id: string }>('saleOpen', { ...sale, ...window })).id;
    ids.closeSaleId = must('a rush to close', await staff.call<{ id: string }>('saleOpen', { ...sale, ...window })).id;
    Object.assign(ctx, { t, member, staff, ids });

    forget =
      dialect === 'postgres'
        ? async () => {
            await db.deleteFrom('envelope_nonces').execute();
            return Number(
              (
                await db
                  .selectFrom('envelope_nonces')
                  .select((eb) => eb.fn.countAll().as('n'))
                  .executeTakeFirstOrThrow()
              ).n,
            );
          }
        : async () => {
            // The SQLite store is a file of its own (plugins/replay-guard.ts); a second connection
            // deletes its rows as a lost file would, and the store's statements see that.
            const file = new SQLite(path.join(t.config.dataDir, 'replay-nonces.db'));
            try {
              file.prepare('delete from envelope_nonces_by_time').run();
              return (file.prepare('select count(*) as n from envelope_nonces_by_time').get() as { n: number }).n;
            } finally {
              file.close();
            }
          };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('sends every endpoint once, forgets the nonces, sends the same bytes again: nothing changes', async () => {
    const { member, staff, ids } = ctx;
    const anonymous = new TestClient(t.app, t.serverKey.publicJwk);
    const staffAnonymous = new TestClient(t.app, t.serverKey.publicJwk);
    staffAnonymous.loginType = 'STAFF';
    const clients: Record<Client, TestClient> = { member, staff, anonymous, staffAnonymous };
    const tables = await tableNames(t);
    const names = ordered();
    const effectful: string[] = [];
    const refusedFirst: string[] = [];
    const unexpected: string[] = [];
    const secondEffects: string[] = [];
    const fiveHundreds: string[] = [];
    const trailed: string[] = [];
    let previous: Record<string, string> | null = null;
    for (const name of names) {
      const endpoint = endpoints[name];
      // An endpoint without a case is sent `{}`: valid when its request takes no fields.
      const c = cases[name] ?? (endpoint.request.safeParse({}).success ? {} : { refused: 'no valid request in this test yet' });
      const client =
        clients[
          c.client ??
            (endpoint.auth === 'member' ? 'member' : endpoint.auth === 'staff' ? 'staff' : endpoint.auth === 'staffPublic' ? 'staffAnonymous' : 'anonymous')
        ];
      // Codes mailed from now on are this endpoint's.
      if (name === 'noLoginSend') ids.registerCodeSentAt = String(Date.now());
      if (name === 'loginSend') ids.loginSendAt = String(Date.now());
      let body = c.body ? await c.body(ctx) : {};
      const shape = (endpoint.request as { shape?: Record<string, unknown> }).shape;
      if (shape && 'requestId' in shape && !('requestId' in body)) body = { ...body, requestId: crypto.randomUUID() };
      // Sealed once: the replay is these exact bytes.
      const sealed = sealRequest(t.serverKey.publicJwk, endpoint.path, body, { time: Date.now() });

      // Nothing but this endpoint's own sends happens between two endpoints: the state after the
      // last replay is the state before this send.
      const before = previous ?? (await snapshot(t, tables));
      const first: CallResult<Record<string, unknown> | null> = await client.send(endpoint.path, sealed);
      await settled(t);
      const afterFirst = await snapshot(t, tables);
      const rowsAfterFirst = lastRows;
      const firstChanged = changed(before, afterFirst);
      if (first.status >= 500) fiveHundreds.push(`${name} first: ${first.status} ${first.error}`);
      if (first.code === 20000) {
        if (firstChanged.length > 0) effectful.push(name);
        if (c.refused) unexpected.push(`${name}: accepted though marked refused (${c.refused})`);
      } else {
        refusedFirst.push(`${name}: ${first.error ?? first.code} (${c.refused ?? 'not expected'})`);
        if (!c.refused) unexpected.push(`${name}: first send refused ${first.status} ${first.error} ${first.message}`);
      }
      collect(name, first.data);

      expect(await forget(), `${name}: the nonce store is empty`).toBe(0);
      const second = await client.send(endpoint.path, sealed);
      await settled(t);
      const afterSecond = await snapshot(t, tables);
      previous = afterSecond;
      // What the replay answered is what is in force now (a replayed setup made a new secret).
      if (second.code === 20000) collect(name, second.data as Record<string, unknown> | null);
      if (second.status >= 500) fiveHundreds.push(`${name} replay: ${second.status} ${second.error}`);
      const changes = changed(afterFirst, afterSecond);
      const said = `${name} (replay answered ${second.status} ${second.error ?? second.code})`;
      const detail = (k: string) => `${k} ${afterFirst[k]} -> ${afterSecond[k]}\n      ${rowDiff(rowsAfterFirst, lastRows, k)}`;
      const effects = changes.filter((k) => !trailTables.has(k));
      if (effects.length > 0) secondEffects.push(`${said}: ${effects.map(detail).join('\n    ')}`);
      const trail = changes.filter((k) => trailTables.has(k));
      if (trail.length > 0) trailed.push(`${said}: ${trail.map(detail).join('\n    ')}`);
    }

    console.log(
      [
        `replay with a forgotten nonce (${dialect}): ${names.length} endpoints, ${names.length - refusedFirst.length} accepted on first send, ${effectful.length} with a first effect, ${secondEffects.length} second effects`,
        `first effects: ${effectful.join(', ')}`,
        `refused on first send (${refusedFirst.length}):`,
        ...refusedFirst.map((l) => `  ${l}`),
        `audit rows added by replays (${trailed.length}):`,
        ...trailed.map((l) => `  ${l}`),
        ...(secondEffects.length ? ['SECOND EFFECTS:', ...secondEffects.map((l) => `  ${l}`)] : []),
      ].join('\n'),
    );
    expect(names.length).toBe(Object.keys(endpoints).length);
    expect(fiveHundreds).toEqual([]);
    expect(unexpected).toEqual([]);
    // The books balance whatever the replays did; checked before the second effects so it runs.
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    expect(secondEffects).toEqual([]);
  }, 600_000);

  /** Keeps what one endpoint's answer gives the ones after it (a secret, an id). */
  function collect(name: EndpointName, data: Record<string, unknown> | null): void {
    if (!data) return;
    if (name === 'securityTotpSetup') ctx.ids.totpSecret = String(data.secret);
    if (name === 'securityTotpEnable') ctx.ids.recoveryCode = String((data.recoveryCodes as string[])[0]);
    if (name === 'uploadCreate') ctx.ids.uploadId = String(data.id);
    if (name === 'activationCodeBuy') ctx.ids.activationCode = String((data.codes as string[] | undefined)?.[0] ?? data.code ?? '');
  }
});
