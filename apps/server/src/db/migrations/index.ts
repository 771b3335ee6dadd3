import type { Migration } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { accounts } from './001-accounts.ts';
import { backofficeLedger } from './002-backoffice-ledger.ts';
import { wallet } from './003-wallet.ts';
import { ledgerPost } from './004-ledger-post.ts';
import { limits } from './005-limits.ts';
import { amountCeilings } from './006-amount-ceilings.ts';
import { replayNonces } from './007-replay-nonces.ts';
import { security } from './008-security.ts';
import { records } from './009-records.ts';
import { jobs } from './010-jobs.ts';
import { bankAccountsAddresses } from './011-bank-accounts-addresses.ts';
import { uploadsBankDeposits } from './012-uploads-bank-deposits.ts';
import { chain } from './013-chain.ts';
import { withdrawals } from './014-withdrawals.ts';
import { packages } from './015-packages.ts';
import { community } from './016-community.ts';
import { releaseDueIndex } from './021-release-due-index.ts';
import { plan } from './017-plan.ts';
import { contentNotifications } from './018-content-notifications.ts';
import { support } from './019-support.ts';
import { scarceGoods } from './020-scarce-goods.ts';
import { flagPins } from './022-flag-pins.ts';
import { reviewExactAmount } from './024-review-exact-amount.ts';
import { crashLeases } from './025-crash-leases.ts';
import { replayStoreMarks } from './023-replay-store-marks.ts';
import { ledgerTimeIndexes } from './026-ledger-time-indexes.ts';
import { reviewTimeIndexes } from './027-review-time-indexes.ts';
import { ledgerCheckpoint } from './028-ledger-checkpoint.ts';
import { scaleIndexes } from './029-scale-indexes.ts';
import { ledgerCodeIndexes } from './030-ledger-code-indexes.ts';
import { heldTransferIndexes } from './031-held-transfer-indexes.ts';
import { memberSearchKey } from './032-member-search-key.ts';
import { auditActorIndex } from './033-audit-actor-index.ts';
import { revenueTotals } from './034-revenue-totals.ts';
import { housekeepingIndexes } from './036-housekeeping-indexes.ts';
import { reviewPageIndexes } from './037-review-page-indexes.ts';
import { timeRangeIndexes } from './038-time-range-indexes.ts';
import { retireTimeIndexes } from './039-retire-time-indexes.ts';
import { reviewWaitingCounts } from './040-review-waiting-counts.ts';
import { partialPendingIndex } from './041-partial-pending-index.ts';
import { recordsTypeInTimeOrder } from './042-records-type-in-time-order.ts';
import { notificationUnreadCounts } from './043-notification-unread-counts.ts';
import { withdrawalsByStatus } from './044-withdrawals-by-status.ts';
import { ledgerDayTotals } from './045-ledger-day-totals.ts';
import { reviewFrozenRule } from './046-review-frozen-rule.ts';
import { requestLog } from './048-request-log.ts';
import { adjustmentKeysToRequestLog } from './049-adjustment-keys-to-request-log.ts';
import { walletKeysToRequestLog } from './050-wallet-keys-to-request-log.ts';
import { paymentKeysToRequestLog } from './051-payment-keys-to-request-log.ts';
import { productKeysToRequestLog } from './052-product-keys-to-request-log.ts';
import { requestLogByAge } from './053-request-log-by-age.ts';
import { typedRejectReasons } from './054-typed-reject-reasons.ts';
import { dropLedgerPost } from './055-drop-ledger-post.ts';
import { reconBankMappings } from './059-recon-bank-mappings.ts';
import { reconStatements } from './060-recon-statements.ts';
import { reconDays } from './061-recon-days.ts';
import { proofSnapshots } from './057-proof-snapshots.ts';
import { proofNodes } from './058-proof-nodes.ts';
import { typedDecisionReasons } from './056-typed-decision-reasons.ts';

/** One list of migrations that runs on both databases, in name order. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001-accounts': accounts(dialect),
    '002-backoffice-ledger': backofficeLedger(dialect),
    '003-wallet': wallet(dialect),
    '004-ledger-post': ledgerPost(dialect),
    '005-limits': limits(dialect),
    '006-amount-ceilings': amountCeilings(dialect),
    '007-replay-nonces': replayNonces(dialect),
    '008-security': security(dialect),
    '009-records': records(dialect),
    '010-jobs': jobs(dialect),
    '011-bank-accounts-addresses': bankAccountsAddresses(dialect),
    '012-uploads-bank-deposits': uploadsBankDeposits(dialect),
    '013-chain': chain(dialect),
    '014-withdrawals': withdrawals(dialect),
    '015-packages': packages(dialect),
    '016-community': community(dialect),
    '021-release-due-index': releaseDueIndex(dialect),
    '017-plan': plan(dialect),
    '018-content-notifications': contentNotifications(dialect),
    '019-support': support(dialect),
    '020-scarce-goods': scarceGoods(dialect),
    '022-flag-pins': flagPins(dialect),
    '024-review-exact-amount': reviewExactAmount(dialect),
    '025-crash-leases': crashLeases(dialect),
    '023-replay-store-marks': replayStoreMarks(dialect),
    '026-ledger-time-indexes': ledgerTimeIndexes(dialect),
    '027-review-time-indexes': reviewTimeIndexes(dialect),
    '028-ledger-checkpoint': ledgerCheckpoint(dialect),
    '029-scale-indexes': scaleIndexes(dialect),
    '030-ledger-code-indexes': ledgerCodeIndexes(dialect),
    '031-held-transfer-indexes': heldTransferIndexes(dialect),
    '032-member-search-key': memberSearchKey(dialect),
    '033-audit-actor-index': auditActorIndex(dialect),
    '034-revenue-totals': revenueTotals(dialect),
    '036-housekeeping-indexes': housekeepingIndexes(dialect),
    '037-review-page-indexes': reviewPageIndexes(dialect),
    '038-time-range-indexes': timeRangeIndexes(dialect),
    '039-retire-time-indexes': retireTimeIndexes(dialect),
    '040-review-waiting-counts': reviewWaitingCounts(dialect),
    '041-partial-pending-index': partialPendingIndex(dialect),
    '042-records-type-in-time-order': recordsTypeInTimeOrder(dialect),
    '043-notification-unread-counts': notificationUnreadCounts(dialect),
    '044-withdrawals-by-status': withdrawalsByStatus(dialect),
    '045-ledger-day-totals': ledgerDayTotals(dialect),
    '046-review-frozen-rule': reviewFrozenRule(dialect),
    '048-request-log': requestLog(),
    '049-adjustment-keys-to-request-log': adjustmentKeysToRequestLog(),
    '050-wallet-keys-to-request-log': walletKeysToRequestLog(),
    '051-payment-keys-to-request-log': paymentKeysToRequestLog(),
    '052-product-keys-to-request-log': productKeysToRequestLog(),
    '053-request-log-by-age': requestLogByAge(),
    '054-typed-reject-reasons': typedRejectReasons(),
    '055-drop-ledger-post': dropLedgerPost(dialect),
    '059-recon-bank-mappings': reconBankMappings(),
    '060-recon-statements': reconStatements(dialect),
    '061-recon-days': reconDays(),
    '057-proof-snapshots': proofSnapshots(),
    '058-proof-nodes': proofNodes(),
    '056-typed-decision-reasons': typedDecisionReasons(dialect),
  };
}
