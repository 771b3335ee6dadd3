/**
 * `npm run ledger:verify` (modules/wallet/ledger/verify-cli.ts) with every module's check of the books
 * registered first. The ledger names no module (decision 044): each module registers its check
 * with registerVerifier when it loads, and this entry, above the modules, loads them before the
 * CLI runs (imports evaluate in order).
 */
// The packages' fixed balances (decision 020).
import './modules/products/packages/verify.ts';
// The member's revenue totals checked against the journal (decision 063).
import './modules/wallet/records/verify.ts';
import './modules/back-office/dashboard/verify.ts';
// The latest proof-of-liabilities snapshot against the journal at its cut-off (decision 088).
import './modules/wallet/proof/verify.ts';
import './modules/wallet/ledger/verify-cli.ts';
