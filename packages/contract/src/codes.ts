/** Response codes of the envelope (spec section 8). */
export const ResponseCode = {
  success: 20000,
  error: 9001,
  loginExpired: 87321,
} as const;
export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/**
 * Every expected failure has a stable key. The server answers it with code 9001 (or 87321)
 * and a message in the caller's language; the web translates the key, never the server's prose.
 * `status` is the HTTP status the server uses for it.
 */
export const errorCatalogue = {
  'envelope.required': { status: 400 },
  'envelope.malformed': { status: 400 },
  'envelope.decrypt': { status: 400 },
  'envelope.stale': { status: 400 },
  'envelope.replayed': { status: 400 },
  'envelope.unknownKey': { status: 400 },
  'envelope.pathMismatch': { status: 400 },
  'request.invalid': { status: 200 },
  'request.tooLarge': { status: 413 },
  'route.notFound': { status: 404 },
  'server.internal': { status: 500 },
  'server.busy': { status: 503 },
  // A database, Redis or disk fault, or a request past its time budget (decision 036): the
  // outcome of a write may be unknown, and a retry with the same request id is safe.
  'server.unavailable': { status: 503 },
  'auth.expired': { status: 401 },
  'auth.invalidCredentials': { status: 200 },
  'auth.locked': { status: 200 },
  'auth.loginDisabled': { status: 200 },
  'captcha.invalid': { status: 200 },
  'code.invalid': { status: 200 },
  'code.tooFrequent': { status: 200 },
  'rate.limited': { status: 200 },
  'user.nameTaken': { status: 200 },
  'user.inviteNotFound': { status: 200 },
  'user.oldPasswordWrong': { status: 200 },
  'user.txPasswordWrong': { status: 200 },
  'user.txLocked': { status: 200 },
  'user.moneyLocked': { status: 200 },
  'auth.forbidden': { status: 403 },
  'staff.codeInvalid': { status: 200 },
  'staff.challengeExpired': { status: 200 },
  'staff.nameTaken': { status: 200 },
  'staff.notFound': { status: 200 },
  'staff.cannotChangeSelf': { status: 200 },
  'member.notFound': { status: 200 },
  // Unpinning a flag staff never set (decision 026): the request is wrong, not the member.
  'member.flagNotPinned': { status: 409 },
  'job.notFound': { status: 200 },
  'review.notFound': { status: 200 },
  'review.notPending': { status: 200 },
  'review.sameApprover': { status: 200 },
  'review.secondNeedsFinance': { status: 200 },
  'review.reasonRequired': { status: 200 },
  // A rejection reason of another kind of item (a receipt reason on a withdrawal): the member would read nonsense.
  'review.reasonCodeNotForQueue': { status: 200 },
  'ledger.insufficientBalance': { status: 200 },
  'ledger.requestIdReused': { status: 200 },
  'ledger.pendingNotFound': { status: 200 },
  'ledger.pendingResolved': { status: 200 },
  'transfer.recipientNotFound': { status: 200 },
  'transfer.toSelf': { status: 200 },
  'exchange.notFound': { status: 200 },
  'exchange.notPending': { status: 200 },
  'exchange.typeUnknown': { status: 200 },
  // Decision 007 (limits and lockouts).
  'captcha.required': { status: 200 },
  'review.ownItem': { status: 200 },
  // Four eyes that no setting and no new account walks around (decision 061).
  'review.approverMadeByMaker': { status: 200 },
  'config.changePending': { status: 200 },
  // Number ceilings (docs/decisions/008).
  'ledger.amountTooLarge': { status: 200 },
  'ledger.balanceTooLarge': { status: 200 },
  // Member security centre (decision 010).
  'security.codeInvalid': { status: 200 },
  'security.challengeExpired': { status: 200 },
  'security.alreadyOn': { status: 200 },
  'security.notOn': { status: 200 },
  'security.setupMissing': { status: 200 },
  'security.sessionNotFound': { status: 200 },
  // USDT deposits on chain (decision 017).
  'chain.unavailable': { status: 200 },
  // Uploads and bank deposits (decision 016).
  'upload.tooLarge': { status: 200 },
  'upload.typeNotAllowed': { status: 200 },
  'upload.unreadable': { status: 200 },
  'upload.activeContent': { status: 200 },
  'upload.notFound': { status: 200 },
  'upload.tooMany': { status: 200 },
  // Live support chat (decision 024).
  'support.notFound': { status: 200 },
  'support.notImage': { status: 200 },
  'deposit.tooManyPending': { status: 200 },
  // Bank accounts and withdrawal addresses (decision 015).
  'bankAccount.notFound': { status: 200 },
  'bankAccount.duplicate': { status: 200 },
  'bankAccount.limitReached': { status: 200 },
  'bankAccount.coolingOff': { status: 200 },
  'address.notFound': { status: 200 },
  'address.duplicate': { status: 200 },
  'address.limitReached': { status: 200 },
  'address.coolingOff': { status: 200 },
  // Withdrawals and payouts (decision 019).
  'withdrawal.typeUnknown': { status: 200 },
  'withdrawal.notFound': { status: 200 },
  'withdrawal.wrongState': { status: 200 },
  'withdrawal.tooManyPending': { status: 200 },
  'payout.hotWalletOff': { status: 200 },
  'payout.overLimit': { status: 200 },
  'payout.notEligible': { status: 200 },
  'payout.txNotFound': { status: 200 },
  'payout.txFailed': { status: 200 },
  'payout.txMismatch': { status: 200 },
  'payout.txUnconfirmed': { status: 200 },
  'payout.txUsed': { status: 200 },
  'payout.txTooOld': { status: 200 },
  'payout.chainUnavailable': { status: 200 },
  // No reader for the order's network at all (no RPC address set): nothing to retry until staff configure one.
  'payout.chainNotConfigured': { status: 200 },
  // Packages (decision 020). The buy refusals are the reasons of checkBuyInsurance.
  'package.saleClosed': { status: 200 },
  'package.notFound': { status: 200 },
  'package.memberLimit': { status: 200 },
  'package.totalLimit': { status: 200 },
  'package.insufficientBalance': { status: 200 },
  'package.grade': { status: 200 },
  'package.notInvited': { status: 200 },
  'package.experienceUsed': { status: 200 },
  'package.paymentMix': { status: 200 },
  'package.paymentTotal': { status: 200 },
  'package.holdingNotFound': { status: 200 },
  'package.wrongState': { status: 200 },
  'package.notUpgrade': { status: 200 },
  'package.recipientNotFound': { status: 200 },
  'package.toSelf': { status: 200 },
  'package.codeInvalid': { status: 200 },
  'package.codeUsed': { status: 200 },
  'package.notClaimable': { status: 200 },
  'package.claimPending': { status: 200 },
  'package.productInvalid': { status: 200 },
  // A save over a newer version (package products; decision 020).
  'config.staleVersion': { status: 200 },
  // Community (decision 021).
  'community.notInDownline': { status: 200 },
  // Compensation plan (decision 022).
  'plan.invalid': { status: 200 },
  'plan.effectivePast': { status: 200 },
  'plan.periodOpen': { status: 200 },
  // Content and notifications (decision 023).
  'content.notFound': { status: 200 },
  'content.invalid': { status: 200 },
  'content.expiryBeforePublish': { status: 200 },
  'content.bannersFull': { status: 200 },
  'content.bodyEmpty': { status: 200 },
  'content.imageOnly': { status: 200 },
  'notification.notFound': { status: 200 },
  // Scarce goods (decision 025).
  'scarce.tooEarly': { status: 200 },
  'scarce.tooLate': { status: 200 },
  'scarce.soldOut': { status: 200 },
  'scarce.memberLimit': { status: 200 },
  'scarce.notEligible': { status: 200 },
  'scarce.permitInvalid': { status: 200 },
  'scarce.notFound': { status: 200 },
  'scarce.insufficientBalance': { status: 200 },
  'scarce.saleInvalid': { status: 200 },
  'scarce.codeNotYours': { status: 200 },
  'scarce.alreadyEnded': { status: 200 },
  'scarce.endBeforeStart': { status: 200 },
  'scarce.windowTooLong': { status: 200 },
  'scarce.limitOverTotal': { status: 200 },
  'equity.maxOverIssued': { status: 200 },
  'equity.issuedBelowSold': { status: 200 },
  'equity.notOpen': { status: 200 },
  'equity.overLimit': { status: 200 },
  'equity.soldOut': { status: 200 },
  'equity.insufficientBalance': { status: 200 },
  // Finance (decisions 090, 091).
  'finance.periodInvalid': { status: 200 },
  'finance.journalTooLarge': { status: 200 },
  'recon.fileTooLarge': { status: 200 },
  'recon.tooManyLines': { status: 200 },
  'recon.malformedFile': { status: 200 },
  'recon.entitiesRefused': { status: 200 },
  'recon.duplicateImport': { status: 200 },
  'recon.mappingNotFound': { status: 200 },
  'recon.lineNotFound': { status: 200 },
  'recon.lineResolved': { status: 200 },
  'recon.recordNotFound': { status: 200 },
  'recon.recordTaken': { status: 200 },
  'recon.amountTooLarge': { status: 200 },
  'recon.dayUnresolved': { status: 200 },
  'recon.dayClosed': { status: 200 },
  'recon.dayEmpty': { status: 200 },
} as const satisfies Record<string, { status: number }>;
export type ErrorKey = keyof typeof errorCatalogue;
export const errorKeys = Object.keys(errorCatalogue) as ErrorKey[];

/** The wire shape of every /api/* answer. `data` is a JWE sealed with the request's key, or null. */
export interface ApiResponse {
  code: number;
  message: string;
  data: string | null;
  /** The stable error key when code is not 20000. */
  error?: ErrorKey;
  /** Values for the message placeholders, e.g. {"minutes": 15}. */
  params?: Record<string, string | number>;
  /** For 'request.invalid': the first failing field and its validation key. */
  field?: string;
  validation?: string;
}
