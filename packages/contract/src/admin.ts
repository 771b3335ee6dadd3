/**
 * The staff back-office API, under /api/admin/. Staff sessions use login type STAFF and can
 * never call member endpoints; member sessions can never call these.
 */
import { z } from 'zod';
import { amountInput, cursorInput, timeFilterMs } from './numbers.ts';
import { recordRejectReasonCodes, rejectNoteCharsMax } from './wallet.ts';

export const staffRoles = ['admin', 'finance', 'support', 'viewer'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** What each role may do; the server checks it on every call (apps/server/src/modules/identity/staff). */
export const staffPermissions = [
  'staff.manage',
  'audit.read',
  'members.read',
  'members.manage',
  'members.grade',
  'config.read',
  'config.write',
  'config.writeMoney',
  'reviews.read',
  'reviews.decide',
  'ledger.adjust',
  'dashboard.read',
  'jobs.run',
  /** Pay out approved withdrawals (hot wallet, a pasted hash, a bank reference) or reject them unpaid. */
  'payouts.send',
  /** Edit the package catalogue (decision 020). */
  'packages.manage',
  /** Add a version of the compensation plan (decision 022). */
  'plan.manage',
  /** Post a period's plan payouts (decision 022). */
  'plan.run',
  /** Write announcements, banners and documents (decision 023). */
  'content.manage',
  /** Answer members in the live support chat and assign conversations (decision 024). */
  'support.chat',
  /** Open the files members uploaded (receipts, chat images); every staff role reads their metadata (decision 061). */
  'uploads.read',
  /** Read the books: trial balance and journal export (decision 090). */
  'finance.books',
  /** Import bank statements, resolve their lines and ask for a day's sign-off (decision 091). */
  'finance.reconcile',
] as const;
export type StaffPermission = (typeof staffPermissions)[number];

export const rolePermissions: Record<StaffRole, readonly StaffPermission[]> = {
  admin: staffPermissions,
  finance: [
    'audit.read',
    'members.read',
    'config.read',
    'config.writeMoney',
    'reviews.read',
    'reviews.decide',
    'ledger.adjust',
    'dashboard.read',
    'payouts.send',
    'packages.manage',
    'plan.manage',
    'plan.run',
    'uploads.read',
    'finance.books',
    'finance.reconcile',
  ],
  support: ['audit.read', 'members.read', 'members.manage', 'config.read', 'reviews.read', 'dashboard.read', 'content.manage', 'support.chat', 'uploads.read'],
  viewer: ['audit.read', 'members.read', 'config.read', 'reviews.read', 'dashboard.read'],
};

export function roleCan(role: StaffRole, permission: StaffPermission): boolean {
  return rolePermissions[role].includes(permission);
}

const reason = z.string('validation.enterReason').trim().min(1, 'validation.enterReason').max(500, 'validation.reasonTooLong');
const id = z.string().min(1).max(64);
const cursor = cursorInput;
const pageSize = z.number().int().min(1).max(100).default(20);
const totpCode = z
  .string('validation.enterCode')
  .trim()
  .regex(/^\d{6}$/, 'validation.invalidTotp');

export const staffLoginRequest = z.object({
  userName: z.string('validation.enterUsername').trim().min(1, 'validation.enterUsername').max(64),
  password: z.string('validation.enterPassword').min(1, 'validation.enterPassword').max(128),
  loginType: z.literal('STAFF'),
  /** The image code, sent once the server answered captcha.required (decision 007). */
  captchaId: z.string().max(64).optional(),
  captchaCode: z.string().max(8).optional(),
});
/** Step one of two: the password is right; now the authenticator code (after enrolment if new). */
export const staffLoginResponse = z.object({
  challengeId: z.string(),
  stage: z.enum(['totp', 'totp-setup']),
  /** For totp-setup: the otpauth:// URI and its QR code as an SVG data URL. */
  otpauthUri: z.string().optional(),
  qrCode: z.string().optional(),
  secret: z.string().optional(),
});
export const staffTotpRequest = z.object({ challengeId: z.string().max(64), code: totpCode });

export const staffProfile = z.object({
  id: z.string(),
  userName: z.string(),
  role: z.enum(staffRoles),
  permissions: z.array(z.enum(staffPermissions)),
});
export type StaffProfile = z.infer<typeof staffProfile>;
export const staffSessionResponse = z.object({ token: z.string(), expiresAt: z.number(), staff: staffProfile });

export const staffEntry = z.object({
  id: z.string(),
  userName: z.string(),
  role: z.enum(staffRoles),
  isDisabled: z.boolean(),
  hasTotp: z.boolean(),
  createdAt: z.number(),
  lastLoginAt: z.number().nullable(),
});
export const staffCreateRequest = z.object({
  userName: z
    .string()
    .trim()
    .min(3, 'validation.userNameLength')
    .max(32, 'validation.userNameLength')
    .regex(/^[A-Za-z0-9_.-]+$/, 'validation.userNameChars'),
  password: z.string().min(10, 'validation.staffPasswordRule').max(128, 'validation.staffPasswordRule'),
  role: z.enum(staffRoles),
  reason,
});
export const staffUpdateRequest = z.object({
  staffId: id,
  role: z.enum(staffRoles).optional(),
  isDisabled: z.boolean().optional(),
  resetTotp: z.boolean().optional(),
  reason,
});

export const auditEntry = z.object({
  id: z.string(),
  at: z.number(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditListRequest = z.object({
  actor: z.string().max(64).optional(),
  action: z.string().max(64).optional(),
  targetId: z.string().max(64).optional(),
  text: z.string().max(100).optional(),
  fromMs: timeFilterMs,
  toMs: timeFilterMs,
  cursor,
  pageSize,
});
export const auditListResponse = z.object({ items: z.array(auditEntry), nextCursor: z.string().nullable() });

export const memberSummary = z.object({
  id: z.string(),
  userName: z.string(),
  email: z.string(),
  referralId: z.string(),
  countryCode: z.string(),
  level: z.number(),
  isLoginLocked: z.boolean(),
  isMoneyLocked: z.boolean(),
  createdAt: z.number(),
});
export type MemberSummary = z.infer<typeof memberSummary>;
export const memberSearchRequest = z.object({ query: z.string().trim().max(100).default(''), cursor, pageSize });
export const memberSearchResponse = z.object({ items: z.array(memberSummary), nextCursor: z.string().nullable() });
export const memberDetailRequest = z.object({ memberId: id });
export const memberDetail = z.object({
  member: memberSummary.extend({
    userNumber: z.string(),
    txFailures: z.number(),
    txLockedUntil: z.number(),
    agreeStatus: z.boolean(),
  }),
  referrer: memberSummary.nullable(),
  directInvites: z.array(memberSummary),
  directInviteCount: z.number(),
  sessions: z.array(z.object({ id: z.string(), createdAt: z.number(), lastSeenAt: z.number(), expiresAt: z.number(), ip: z.string(), userAgent: z.string() })),
});
/** What staff may do to a member from the member page (`memberAction`); each is audited as `member.<action>`. */
export const memberActionNames = [
  'revokeSessions',
  'lockLogin',
  'unlockLogin',
  'lockMoney',
  'unlockMoney',
  'resetTxLock',
  'protect',
  'unprotect',
  'allowPurchaseCode',
  'denyPurchaseCode',
  'unpinGrade',
  'unpinProtected',
  'unpinPurchaseCode',
] as const;
export type MemberActionName = (typeof memberActionNames)[number];
export const memberActionRequest = z.object({
  memberId: id,
  action: z.enum(memberActionNames),
  sessionId: z.string().max(64).optional(),
  reason,
});
export const memberGradeRequest = z.object({ memberId: id, level: z.number().int().min(-1).max(5), reason });

export const configEntry = z.object({
  key: z.string(),
  group: z.string(),
  /** JSON value; the editor shows it by `kind`. */
  value: z.unknown(),
  defaultValue: z.unknown(),
  kind: z.enum(['amount', 'integer', 'boolean', 'percent', 'text', 'json', 'chains']),
  isMoney: z.boolean(),
  /** A setting that governs a control (four eyes, fees, limits): a staff change waits for a second staff member's approval (decision 061). */
  control: z.boolean(),
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
  /** The change waiting for a second approval, on the settingChange review queue; null when none waits. */
  pendingChange: z.object({ reviewId: z.string(), value: z.unknown(), requestedBy: z.string(), requestedAt: z.number() }).nullable(),
});
export type ConfigEntry = z.infer<typeof configEntry>;

/**
 * The OpenAPI 3.1 document the server generates from this contract (packages/contract/src/openapi.ts).
 * Only its version is checked here: the document describes itself, and the reference page renders it.
 */
export const apiReferenceDocument = z.looseObject({ openapi: z.string() });
export const configUpdateRequest = z.object({ key: z.string().max(100), value: z.unknown(), reason });
export const configHistoryRequest = z.object({ key: z.string().max(100) });
export const configHistoryResponse = z.array(z.object({ at: z.number(), actorName: z.string(), before: z.unknown(), after: z.unknown(), reason: z.string() }));

/** Reasons a member sees translated in their language; `reason` adds the staff member's own words. */
export const rejectReasonCodes = recordRejectReasonCodes;
export const reviewStatuses = ['pending', 'approved', 'rejected', 'awaitingSecond', 'cancelled'] as const;
/**
 * What a queue's list may be filtered by: a status, or `waiting`, every item still to decide
 * (pending or awaiting its second approval). `waiting` is what the queue's badge counts, so the
 * badge and the list it opens show the same items.
 */
export const reviewListStatuses = ['waiting', ...reviewStatuses] as const;
export type ReviewListStatus = (typeof reviewListStatuses)[number];
/**
 * Queues whose items can only be rejected (closed with a reason), never approved: a chain deposit
 * above the one-movement ceiling can never be credited (decision 037); the server refuses an
 * approval and the back-office offers none.
 */
export const rejectOnlyReviewQueues: readonly string[] = ['chainDeposit'];
export const reviewItem = z.object({
  id: z.string(),
  queue: z.string(),
  status: z.enum(reviewStatuses),
  memberId: z.string(),
  memberName: z.string(),
  /**
   * Decimal string in major units, with its point type; exact, with every significant place (a
   * held chain deposit's amount can pass the points scale and any points column, decision 037).
   */
  amount: z.string(),
  coinName: z.string(),
  summary: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  evidence: z.array(z.object({ label: z.string(), value: z.string(), isImage: z.boolean() })),
  createdAt: z.number(),
  /** Each decision's reason typed: a rejection's code (null for an approval) and the staff member's words ('' when none). */
  decisions: z.array(
    z.object({
      staffName: z.string(),
      decision: z.enum(['approve', 'reject']),
      reasonCode: z.enum(rejectReasonCodes).nullable(),
      note: z.string(),
      at: z.number(),
    }),
  ),
  rejectReason: z.string().nullable(),
  rejectReasonCode: z.enum(rejectReasonCodes).nullable(),
  needsSecondApproval: z.boolean(),
  /** Approvals the item needs (1 or 2), frozen on it when it was made (decision 061). */
  approvalsRequired: z.number(),
  /** Whether the calling staff member may approve it now (not its maker, not its first approver, the role and permission it needs). */
  canApprove: z.boolean(),
});
export type ReviewItem = z.infer<typeof reviewItem>;
export const reviewListRequest = z.object({
  queue: z.string().max(40),
  status: z.enum(reviewListStatuses).optional(),
  memberName: z.string().max(64).optional(),
  cursor,
  pageSize,
});
export const reviewListResponse = z.object({ items: z.array(reviewItem), nextCursor: z.string().nullable() });
export const reviewDetailRequest = z.object({ id });
export const reviewDecideRequest = z.object({
  ids: z.array(id).min(1).max(50),
  decision: z.enum(['approve', 'reject']),
  reasonCode: z.enum(rejectReasonCodes).optional(),
  reason: z.string().trim().max(rejectNoteCharsMax, 'validation.reasonTooLong').default(''),
});
export const reviewDecideResponse = z.object({
  results: z.array(z.object({ id: z.string(), outcome: z.enum(['approved', 'rejected', 'awaitingSecond', 'refused']), error: z.string().optional() })),
});

export const dashboardResponse = z.object({
  queues: z.array(z.object({ queue: z.string(), waiting: z.number() })),
  today: z.object({ deposits: z.string(), withdrawals: z.string(), newMembers: z.number() }),
  ledger: z
    .object({
      checkedAt: z.number(),
      isBalanced: z.boolean(),
      /** The problems found, in English, for diagnosis; the summary line is built from the counts. */
      detail: z.string(),
      accounts: z.number().nullable(),
      transfers: z.number().nullable(),
      problems: z.number().nullable(),
    })
    .nullable(),
});

/** The dashboard's charts (decision 042): the last 30 or 90 days in the configured time zone. */
export const dashboardSeriesDays = [30, 90] as const;
export const dashboardSeriesRequest = z.object({ days: z.union([z.literal(30), z.literal(90)]).default(30) });
/** One value per day: how many, and the points they moved (minor units as a decimal string). */
const dashboardDaySeries = z.object({ count: z.array(z.number()), points: z.array(z.string()) });
export const dashboardSeriesResponse = z.object({
  /** IANA zone the days are cut in (setting `dashboard.timeZone`). */
  timeZone: z.string(),
  /** Start of each day (ms), oldest first; the last is today. */
  days: z.array(z.number()),
  /** Deposits credited (USDT). */
  deposits: dashboardDaySeries,
  /** Withdrawals paid (USDT). */
  withdrawals: dashboardDaySeries,
  /** Package purchases: buy, upgrade, add, fill, activate; every point type at par. */
  packageSales: dashboardDaySeries,
  /** Items waiting in each review queue at the end of each day (today: now). */
  queues: z.array(z.object({ queue: z.string(), sizes: z.array(z.number()) })),
});

export const adjustmentCreateRequest = z.object({
  memberId: id,
  coinName: z.enum(['USDT', 'ASSETS_POINT', 'REWARD_POINT']),
  /** credit = airdrop to the member, debit = underweight from the member. */
  direction: z.enum(['credit', 'debit']),
  amount: amountInput,
  reason,
  requestId: z.string().min(8).max(64),
});
export const adjustmentCreateResponse = z.object({ reviewId: z.string(), transferId: z.string() });

/** A member's ledger as staff see it: balances per point type and the records, newest first. */
export const memberLedgerRequest = z.object({ memberId: id, coinName: z.enum(['USDT', 'ASSETS_POINT', 'REWARD_POINT']).optional(), cursor, pageSize });

/** Scheduled jobs as the back-office shows them (apps/server/src/jobs). Times are ms; 0 means never. */
export const jobStatus = z.object({
  name: z.string(),
  schedule: z.string(),
  nextRunAt: z.number(),
  isRunning: z.boolean(),
  leaseOwner: z.string().nullable(),
  heartbeatAt: z.number(),
  lastPeriod: z.string().nullable(),
  lastStartedAt: z.number(),
  lastFinishedAt: z.number(),
  lastStatus: z.enum(['running', 'succeeded', 'failed', 'skipped']).nullable(),
  lastError: z.string().nullable(),
  runRequestedAt: z.number(),
});
export type JobStatusEntry = z.infer<typeof jobStatus>;
export const jobRunNowRequest = z.object({ name: z.string().min(1).max(64), reason });
