/**
 * The calls the scale benchmark times and the query-plan test runs (decision 046): every member
 * call a page makes on its first load, for the member with the long history, and the staff calls
 * of the back-office's lists, searches and dashboard.
 */
import type { EndpointName } from '@pp/contract';

export interface ScaleCall {
  label: string;
  name: EndpointName;
  body: object;
  who: 'member' | 'staff';
  /**
   * The call's filter matches few or none of the rows a walk would read (a status the member
   * rarely has, a name that is not there, a staff member with few actions): its plan must seek
   * them, so the query-plan test does not accept a walk bounded by LIMIT for it, and on
   * PostgreSQL fails it when a large table's rows are read and filtered out (decision 048).
   */
  rare?: true;
}

export interface ScaleCallContext {
  /** A records cursor half way down the member's history (the deep page). */
  deepRecordsCursor: string;
  /** The member with the long history: id, name, e-mail and number (referral id). */
  memberId: string;
  memberName: string;
  memberEmail: string;
  memberNumber: string;
}

const recordTypes = ['deposit', 'withdraw', 'directBonus', 'packageRelease', 'internalTransfer', 'convert'] as const;
const recordStatuses = ['success', 'pendingReview', 'pendingDisbursement', 'processing', 'withdrawalRejected', 'failed', 'cancelled', 'rejected'] as const;
const reviewQueues = ['manualAdjustment', 'exchange', 'bankDeposit', 'withdrawal', 'packageClaim', 'chainDeposit'] as const;
const dayMs = 86_400_000;

export function scaleCalls(ctx: ScaleCallContext, now = Date.now()): ScaleCall[] {
  const member = (label: string, name: EndpointName, body: object = {}): ScaleCall => ({ label, name, body, who: 'member' });
  const staff = (label: string, name: EndpointName, body: object = {}): ScaleCall => ({ label, name, body, who: 'staff' });
  const rare = (call: ScaleCall): ScaleCall => ({ ...call, rare: true });
  return [
    // Home (/index) and the header.
    member('home userInfo', 'userInfo'),
    member('home assetsList', 'assetsList'),
    member('home notificationUnread', 'notificationUnread'),
    member('home announcementList', 'announcementList', { pageSize: 5 }),
    member('home appMediaList', 'appMediaList'),
    member('home revenueSummary', 'revenueSummary'),
    member('home userOrganizationInfo', 'userOrganizationInfo'),
    // Records: no filter, each filter, a month, a deep page.
    member('records', 'assetsRecordList', { pageSize: 20 }),
    ...recordTypes.map((type) => member(`records type=${type}`, 'assetsRecordList', { type, pageSize: 20 })),
    ...recordStatuses.map((status) => {
      const call = member(`records status=${status}`, 'assetsRecordList', { status, pageSize: 20 });
      return status === 'success' ? call : rare(call);
    }),
    member('records coin=REWARD_POINT', 'assetsRecordList', { coinName: 'REWARD_POINT', pageSize: 20 }),
    member('records last 30 days', 'assetsRecordList', { fromMs: now - 30 * dayMs, toMs: now, pageSize: 20 }),
    member('records a month a year ago', 'assetsRecordList', { fromMs: now - 395 * dayMs, toMs: now - 365 * dayMs, pageSize: 20 }),
    member('records type+coin+month', 'assetsRecordList', {
      type: 'directBonus',
      coinName: 'USDT',
      fromMs: now - 395 * dayMs,
      toMs: now - 365 * dayMs,
      pageSize: 20,
    }),
    member('records deep page', 'assetsRecordList', { cursor: ctx.deepRecordsCursor, pageSize: 20 }),
    // Transfers, exchanges, holdings, notifications, community, deposits and withdrawals.
    member('transfers', 'transferList', { pageSize: 20 }),
    member('transfers in', 'transferList', { direction: 'in', pageSize: 20 }),
    member('transfers out', 'transferList', { direction: 'out', pageSize: 20 }),
    member('exchanges', 'exchangeList', { pageSize: 20 }),
    member('holdings', 'buyMatchingList', { pageSize: 20 }),
    member('holdings fixed', 'buyMatchingList', { state: 'fixed', pageSize: 20 }),
    member('holding payments', 'paymentRecordList', { pageSize: 20 }),
    member('notifications', 'notificationList', { pageSize: 20 }),
    member('notifications unread', 'notificationList', { pageSize: 20, isUnreadOnly: true }),
    member('invite tree', 'organization', { pageSize: 20 }),
    member('invite tree search', 'organization', { search: 'memberc1', pageSize: 20 }),
    member('deposits', 'depositRecordList', { pageSize: 20 }),
    member('deposits pendingReview', 'depositRecordList', { status: 'pendingReview', pageSize: 20 }),
    member('chain deposits', 'bscDepositRecordList', { pageSize: 20 }),
    member('withdrawals', 'withdrawalOrderList', { pageSize: 20 }),
    // The long-history member has no successful withdrawal in the generated data: a rare filter.
    rare(member('withdrawals success', 'withdrawalOrderList', { status: 'success', pageSize: 20 })),
    // Staff: member search by name, e-mail and number; each queue; the audit log and its filters; the dashboard.
    rare(staff('member search name', 'memberSearch', { query: ctx.memberName, pageSize: 20 })),
    rare(staff('member search e-mail', 'memberSearch', { query: ctx.memberEmail, pageSize: 20 })),
    rare(staff('member search number', 'memberSearch', { query: ctx.memberNumber, pageSize: 20 })),
    staff('member search name prefix', 'memberSearch', { query: 'memberr1', pageSize: 20 }),
    rare(staff('member search no match', 'memberSearch', { query: 'zz-nobody', pageSize: 20 })),
    staff('member detail', 'memberDetail', { memberId: ctx.memberId }),
    staff('member ledger', 'memberLedger', { memberId: ctx.memberId, pageSize: 20 }),
    ...reviewQueues.map((queue) => staff(`review queue ${queue}`, 'reviewList', { queue, pageSize: 20 })),
    rare(staff('review queue withdrawal by member', 'reviewList', { queue: 'withdrawal', memberName: ctx.memberName, pageSize: 20 })),
    staff('audit log', 'auditList', { pageSize: 20 }),
    staff('audit log action', 'auditList', { action: 'review.approve', pageSize: 20 }),
    staff('audit log target', 'auditList', { targetId: ctx.memberId, pageSize: 20 }),
    staff('audit log actor', 'auditList', { actor: 'scalestaff', pageSize: 20 }),
    rare(staff('audit log actor rare', 'auditList', { actor: 'nobody', pageSize: 20 })),
    // The text filter looks at a bounded window of the log a request (decision 048): a text that
    // is in every row, and one that is in none.
    staff('audit log text', 'auditList', { text: 'scale', pageSize: 20 }),
    staff('audit log text rare', 'auditList', { text: 'not-in-the-log', pageSize: 20 }),
    staff('audit log month', 'auditList', { fromMs: now - 395 * dayMs, toMs: now - 365 * dayMs, pageSize: 20 }),
    staff('holdings admin', 'holdingAdminList', { pageSize: 20 }),
    staff('dashboard', 'dashboard'),
  ];
}
