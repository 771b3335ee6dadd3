/**
 * Table types for Kysely. 64-bit integers (times in ms, amounts) read as bigint on both
 * databases on purpose (SQLite safeIntegers, pg int8 parser); small integers are `integer`
 * columns and flags are 0/1 integers so one query works on both dialects.
 */
import type { Generated } from 'kysely';

type Int = number | bigint;

export interface UsersTable {
  id: string;
  user_name: string;
  /** Lower-cased name: names are unique regardless of case. */
  user_name_key: string;
  password_hash: string;
  tx_password_hash: string;
  country_code: string;
  email: string;
  referral_id: string;
  user_number: string;
  referrer_id: string | null;
  /** "/rootId/.../parentId/": the ancestors, for subtree queries. */
  tree_path: string;
  level: Int;
  buy_purchase_code_status: Int;
  is_protected: Int;
  /** Decision 026: 1 when staff set is_protected (rules leave it alone). */
  protected_pinned: Generated<Int>;
  /** Decision 026: 1 when staff set buy_purchase_code_status. */
  buy_purchase_code_pinned: Generated<Int>;
  auto_top_up: Int;
  agree_status: Int;
  is_login_locked: Int;
  is_money_locked: Int;
  created_at: Int;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  login_type: string;
  ip: string;
  user_agent: string;
  created_at: Int;
  last_seen_at: Int;
  expires_at: Int;
  revoked_at: Int | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: Int;
  used_at: Int | null;
}

export interface EmailCodesTable {
  id: string;
  email: string;
  purpose: string;
  user_id: string | null;
  code_hash: string;
  attempts: Int;
  created_at: Int;
  expires_at: Int;
  used_at: Int | null;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body_text: string;
  created_at: Int;
  sent_at: Int | null;
  error: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: Int;
  hits: Int;
}

/** A place held by a check in flight (plugins/rate-limit.ts holdHit); it stops counting at expires_at (decision 038). */
export interface RateLimitHoldsTable {
  id: string;
  key: string;
  expires_at: Int;
}

export interface CoinsTable {
  coin_name: string;
  cn_name: string;
  short_name: string;
  /** Minor units per major unit are 10^scale. */
  scale: Int;
  sort_order: Int;
}

export interface StaffTable {
  id: string;
  user_name: string;
  user_name_key: string;
  password_hash: string;
  role: string;
  totp_secret: string | null;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: Int;
  is_disabled: Int;
  created_at: Int;
  last_login_at: Int | null;
}

export interface StaffChallengesTable {
  id: string;
  staff_id: string;
  stage: string;
  pending_secret: string | null;
  attempts: Int;
  expires_at: Int;
  used_at: Int | null;
}

export interface AuditLogTable {
  id: string;
  seq: Int;
  at: Int;
  actor_id: string;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: string;
  before_json: string;
  after_json: string;
  reason: string;
  ip: string;
}

export interface ConfigValuesTable {
  key: string;
  value_json: string;
  updated_at: Int;
  updated_by: string;
}

export interface ReviewItemsTable {
  id: string;
  queue: string;
  status: string;
  member_id: string;
  coin_name: string;
  amount: Int;
  subject_id: string;
  summary_json: string;
  evidence_json: string;
  first_approver_id: string | null;
  /** The staff member who made the item (decision 007: never its decider); null when a member made it. */
  created_by_staff_id: string | null;
  /** A rejection's reason (db/reject-reason.ts): its code, and the staff member's words. */
  reject_code: string | null;
  reject_note: string | null;
  created_at: Int;
  decided_at: Int | null;
  /** The exact amount when no points column holds it (a chain deposit above the movement ceiling; amount is 0 then; decision 037). */
  amount_exact: string | null;
  /** Approvals the item needs, 1 or 2, frozen when it was made (decision 061): decisions read this, never the live setting. */
  approvals_required: Generated<Int>;
  /** The four-eyes amount in force when the item was made (minor units); null on items decided before it was kept. */
  four_eyes_amount: Int | null;
}

/** Per review queue (in stripe rows, summed on read), the items waiting (decision 057): kept by triggers on review_items. */
export interface ReviewWaitingTable {
  queue: string;
  stripe: number;
  waiting: Int;
}

export interface ReviewDecisionsTable {
  id: string;
  item_id: string;
  staff_id: string;
  staff_name: string;
  decision: string;
  /** A rejection's reason code (null for an approval); read with reasonCodeOf (db/reject-reason.ts). */
  reason_code: string | null;
  /** The staff member's words, '' when none. */
  note: string;
  at: Int;
}

/** A proof-of-liabilities snapshot (migration 057, decision 088). */
export interface ProofSnapshotsTable {
  id: string;
  cut_off_at: Int;
  member_count: number;
  coins_json: string;
  totals_json: string;
  journal_totals_json: string;
  root_hash: string;
  document_json: string;
  created_at: Int;
}

/** A member's leaf in a snapshot: its place, salt (hex) and balances per coin. */
export interface ProofLeavesTable {
  snapshot_id: string;
  member_id: string;
  leaf_index: number;
  salt: string;
  balances_json: string;
}

/** A chunk of 256 nodes of one level of a snapshot's tree (migration 058, decision 089). */
export interface ProofNodesTable {
  snapshot_id: string;
  level: number;
  chunk: number;
  count: number;
  hashes: string;
  sums: string;
}

/** The request log of `once` (db/once.ts): a keyed write's claim, its input's hash and its answer. */
/** Bank reconciliation (decision 091, migrations 059-061). */
export interface ReconBankMappingsTable {
  id: string;
  bank_name: string;
  delimiter: string;
  decimal_separator: string;
  date_format: string;
  date_column: string;
  amount_column: string;
  reference_column: string;
  counterparty_column: string;
  updated_by: string;
  updated_at: Int;
}

export interface ReconStatementsTable {
  id: string;
  file_hash: string;
  /** csv | camt053 */
  format: string;
  file_name: string;
  mapping_id: string | null;
  line_count: Int;
  imported_by: string;
  created_at: Int;
}

export interface ReconLinesTable {
  id: string;
  statement_id: string;
  line_no: Int;
  line_key: string;
  /** YYYY-MM-DD (UTC) */
  booking_day: string;
  /** credit | debit */
  direction: string;
  /** Minor units at scale 6, positive. */
  amount: Int;
  currency: string;
  reference: string;
  counterparty: string;
  is_reversal: Int;
  /** unmatched | matched | linked | explained | reversal */
  status: string;
  /** deposit | payout */
  record_type: string | null;
  record_id: string | null;
  reverses_line_id: string | null;
  note: string;
  resolved_by: string | null;
  resolved_at: Int | null;
  created_at: Int;
}

export interface ReconDaysTable {
  day: string;
  /** open | awaitingSignOff | signedOff */
  status: string;
  review_id: string | null;
  requested_by: string | null;
  signed_off_by: string | null;
  signed_off_at: Int | null;
  updated_at: Int;
}

export interface RequestLogTable {
  scope: string;
  actor: string;
  request_id: string;
  input_hash: string;
  result_json: string | null;
  created_at: Int;
}

export interface LedgerAccountsTable {
  id: string;
  /** A member id, or "system". */
  owner: string;
  coin_name: string;
  /** "available" for members; a system account's name (airdrop, underweight, fees, ...). */
  purpose: string;
  is_system: Int;
  debits_posted: Int;
  credits_posted: Int;
  debits_pending: Int;
  credits_pending: Int;
  created_at: Int;
}

export interface LedgerTransfersTable {
  id: string;
  seq: Int;
  request_id: string | null;
  request_hash: string | null;
  code: string;
  coin_name: string;
  amount: Int;
  debit_account_id: string;
  credit_account_id: string;
  /** posted | pending | post_pending | void_pending */
  kind: string;
  pending_id: string | null;
  /** For a pending transfer: pending, posted or voided; "final" for the others. */
  state: string;
  memo: string;
  created_at: Int;
}

export interface LedgerVerificationsTable {
  id: string;
  checked_at: Int;
  is_balanced: Int;
  detail: string;
  /** Counts of the check (migration 009); null on older rows. */
  account_count: Int | null;
  transfer_count: Int | null;
  problem_count: Int | null;
}

/** The incremental ledger check's position in the journal (migration 028, decision 045). */
export interface LedgerCheckpointsTable {
  name: string;
  /** SQLite: the last seq checked; PostgreSQL: the transaction-id horizon (commit_xid below it is done). */
  position: Int;
  checked_at: Int;
}

/** Per account, the four totals the journal gives up to the checkpoint's position (migration 028). */
export interface LedgerCheckpointAccountsTable {
  account_id: string;
  debits_posted: Int;
  credits_posted: Int;
  debits_pending: Int;
  credits_pending: Int;
}

/** Per credited account and revenue code, the posted amount (decision 049): kept by a trigger on the journal. */
export interface RevenueTotalsTable {
  account_id: string;
  code: string;
  amount: Int;
}

/** Per UTC day, code and coin, the posted amount of the dashboard's codes, striped on PostgreSQL (migration 045). */
export interface LedgerDayTotalsTable {
  day: Int;
  code: string;
  coin_name: string;
  stripe: number;
  amount: Int;
}

export interface ExchangesTable {
  id: string;
  number: string;
  member_id: string;
  exchange_type: string;
  source_coin: string;
  target_coin: string;
  amount: Int;
  fee: Int;
  received: Int;
  rate: string;
  minimum: string;
  /** pendingReview | approved | rejected | cancelled */
  status: string;
  hold_transfer_id: string;
  review_id: string;
  /** A rejection's reason (db/reject-reason.ts): its code, and the staff member's words. */
  reject_code: string | null;
  reject_note: string | null;
  created_at: Int;
  decided_at: Int | null;
}

/** A stored file (decision 016); its bytes are in the upload store under storage_key. */
export interface UploadsTable {
  id: string;
  owner_id: string;
  mime_type: string;
  byte_size: Int;
  width: number | null;
  height: number | null;
  file_name: string;
  storage_key: string;
  /** Of the stored bytes, and of the bytes as sent (the same image twice matches either). */
  sha256: string;
  original_sha256: string;
  created_at: Int;
}

export interface BankDepositsTable {
  id: string;
  number: string;
  member_id: string;
  coin_name: string;
  amount: Int;
  currency: string;
  rate: string;
  local_amount: string;
  receipt_number: string;
  /** The receipt number without spaces and dashes, upper case: how duplicates are found. */
  receipt_number_key: string;
  receipt_upload_id: string;
  other_upload_id: string | null;
  /** pendingReview | approved | rejected */
  status: string;
  credit_transfer_id: string;
  review_id: string;
  /** A rejection's reason (db/reject-reason.ts): its code, and the staff member's words. */
  reject_code: string | null;
  reject_note: string | null;
  created_at: Int;
  decided_at: Int | null;
}

/** Withdrawal orders (decision 019, migration 014). */
/** Packages (migration 015, decision 020). JSON columns are text. */
export interface PackageProductsTable {
  id: string;
  kind: string;
  names: string;
  descriptions: string;
  terms: string;
  pay_with: string;
  per_member_limit: Int;
  total_limit: Int;
  sold: Int;
  is_on_sale: Int;
  min_grade: Int | null;
  is_invite_only: Int;
  sort_order: Int;
  version: Int;
  created_at: Int;
  updated_at: Int;
}
export interface PackageInvitesTable {
  product_id: string;
  member_id: string;
}
export interface PackageMemberUnitsTable {
  member_id: string;
  product_id: string;
  units: Int;
}
export interface PackageHoldingsTable {
  id: string;
  number: string;
  member_id: string;
  product_id: string;
  kind: string;
  units: Int;
  terms: string;
  principal: Int;
  reward_cap: Int;
  released: Int;
  state: string;
  end_reason: string | null;
  source: string;
  started_at: Int;
  effective_at: Int;
  unlock_at: Int;
  expires_at: Int;
  ended_at: Int | null;
  periods_paid: Int;
  next_release_at: Int | null;
  created_at: Int;
}
export interface PackageHoldingPrincipalsTable {
  holding_id: string;
  coin_name: string;
  amount: Int;
}
export interface PackageHoldingEventsTable {
  id: string;
  holding_id: string;
  member_id: string;
  type: string;
  coin_name: string;
  amount: Int;
  detail: string | null;
  transfer_id: string | null;
  at: Int;
}
export interface PackageReleasesTable {
  holding_id: string;
  period: Int;
  amount: Int;
  is_reinvested: Int;
  transfer_id: string | null;
  paid_at: Int;
}
export interface PackageActivationCodesTable {
  id: string;
  code: string;
  buyer_id: string;
  product_id: string;
  units: Int;
  terms: string;
  principals: string;
  principal: Int;
  state: string;
  activation_member_id: string | null;
  holding_id: string | null;
  created_at: Int;
  activated_at: Int | null;
  /** The rush that sold it (decision 025); null for a code bought with activationCodeBuy. */
  sale_id?: string | null;
}
export interface PackageClaimsTable {
  id: string;
  holding_id: string;
  open_key: string | null;
  member_id: string;
  coin_name: string;
  amount: Int;
  state: string;
  review_id: string;
  transfer_id: string | null;
  reject_code: string | null;
  reject_note: string | null;
  created_at: Int;
  decided_at: Int | null;
}
export interface JackpotCyclesTable {
  id: string;
  cycle_days: Int;
  number: Int;
  starts_at: Int;
  ends_at: Int;
  seed: string;
  seed_commitment: string;
  draw_state: string;
  state: string;
  coin_name: string;
  pool: Int | null;
  eligible_count: Int;
  drawn_at: Int | null;
}
export interface JackpotEntriesTable {
  cycle_id: string;
  holding_id: string;
  member_id: string;
  is_winner: Int;
  prize: Int;
  transfer_id: string | null;
}

export interface WithdrawalsTable {
  id: string;
  number: string;
  member_id: string;
  withdrawal_type: string;
  /** chain | bank */
  channel: string;
  /** BEP20 | TRC20, or null for a bank order. */
  chain: string | null;
  coin_name: string;
  amount: Int;
  fee: Int;
  /** The address or bank account number, copied at the request. */
  destination: string;
  destination_id: string;
  bank_name: string | null;
  account_name: string | null;
  currency: string | null;
  rate: string | null;
  local_amount: string | null;
  /** pendingReview | pendingDisbursement | processing | success | rejected */
  status: string;
  hold_transfer_id: string;
  fee_transfer_id: string | null;
  review_id: string;
  /** "<reasonCode>|<text>" like the review queue's. */
  /** A rejection's reason (db/reject-reason.ts): its code, and the staff member's words. */
  reject_code: string | null;
  reject_note: string | null;
  /** hotWallet | manualChain | bank */
  payout_method: string | null;
  tx_hash: string | null;
  /** A hot-wallet payout's signed transaction (0x hex), stored before it is broadcast. */
  raw_tx: string | null;
  tx_nonce: Int | null;
  bank_reference: string | null;
  paid_by_staff_id: string | null;
  /** The last failed payout attempt, for staff. */
  last_error: string | null;
  created_at: Int;
  decided_at: Int | null;
  processing_at: Int | null;
  paid_at: Int | null;
}

export interface MemberTransfersTable {
  id: string;
  transfer_id: string;
  from_id: string;
  to_id: string;
  coin_name: string;
  amount: Int;
  fee: Int;
  bonus: Int;
  created_at: Int;
}

/** Decision 036: when each Redis nonce store (by key prefix) was first used with this database. */
export interface ReplayStoreMarksTable {
  store: string;
  since: bigint;
}

/** PostgreSQL only (plugins/replay-guard.ts). */
export interface EnvelopeNoncesTable {
  nonce: string;
  expires_at: Int;
}

export interface JobStateTable {
  name: string;
  schedule: string;
  /** The next scheduled period's start, ms; the period a run claims is this value. */
  next_run_at: Int;
  /** Set by "run now" in the back-office; 0 when nothing is asked. */
  run_requested_at: Int;
  run_requested_by: string | null;
  lease_owner: string | null;
  lease_until: Int;
  /** The period the lease was taken for; null when no run holds it (decision 038). */
  lease_period: string | null;
  /** How many runners have taken lease_period so far (1 for the claim, +1 per takeover). */
  lease_attempt: Int;
  heartbeat_at: Int;
  last_period: string | null;
  last_started_at: Int;
  last_finished_at: Int;
  last_status: string | null;
  last_error: string | null;
}

export interface JobRunsTable {
  id: string;
  name: string;
  period: string;
  owner: string;
  status: string;
  started_at: Int;
  finished_at: Int | null;
  error: string | null;
}

/** Addresses an account completed a sign-in from (decision 007); the login throttle trusts them apart. */
export interface KnownAddressesTable {
  login_type: string;
  account_id: string;
  address: string;
  last_seen_at: Int;
}

// Member security centre (decision 010).
export interface MemberTwoFactorTable {
  user_id: string;
  /** Base32 TOTP secret; while is_enabled is 0 it is the secret of a setup in progress. */
  secret: string;
  is_enabled: Int;
  /** The last TOTP time step accepted: a code is good once. */
  last_step: Int;
  /** Guesses (passwords and codes of this module) in the window that began at guess_window_start. */
  guess_count: Int;
  guess_window_start: Int;
  created_at: Int;
  enabled_at: Int | null;
}

export interface MemberRecoveryCodesTable {
  id: string;
  user_id: string;
  /** SHA-256 of the member id and the normalised code. */
  code_hash: string;
  created_at: Int;
  used_at: Int | null;
}

export interface LoginChallengesTable {
  /** SHA-256 of the challenge id the member holds. */
  id_hash: string;
  user_id: string;
  attempts: Int;
  created_at: Int;
  expires_at: Int;
  used_at: Int | null;
}

export interface LoginHistoryTable {
  id: string;
  user_id: string;
  at: Int;
  ip: string;
  user_agent: string;
  browser: string;
  os: string;
  /** SHA-256 of browser, system and address: a key not seen before is a new device. */
  device_key: string;
  method: string;
  session_id: string;
}

/** Chain deposits (migration 013, decision 017). */
export interface ChainMemberIndexesTable {
  member_id: string;
  derivation_index: Int;
  created_at: Int;
}
export interface ChainAddressesTable {
  chain: string;
  member_id: string;
  derivation_index: Int;
  address: string;
  match_key: string;
  key_fingerprint: string;
  created_at: Int;
}
export interface ChainCursorsTable {
  chain: string;
  last_block: Int;
  head_block: Int;
  head_seen_at: Int;
  last_run_at: Int;
  last_error: string | null;
  last_error_at: Int;
  reorg_count: Int;
  updated_at: Int;
}
export interface ChainBlocksTable {
  chain: string;
  number: Int;
  hash: string;
}
export interface ChainDepositsTable {
  id: string;
  chain: string;
  tx_hash: string;
  log_index: Int;
  block_number: Int;
  block_hash: string;
  member_id: string;
  from_address: string;
  to_address: string;
  amount_raw: string;
  amount: Int;
  status: string;
  transfer_id: string | null;
  seen_at: Int;
  settled_at: Int | null;
}
// Bank accounts and withdrawal addresses (decision 015).
export interface MemberBankAccountsTable {
  id: string;
  member_id: string;
  bank_name: string;
  account_name: string;
  /** Letters (upper case) and digits only. */
  account_number: string;
  created_at: Int;
  updated_at: Int;
  /** A withdrawal may use it from this time on (the cooling-off after the last change). */
  usable_from: Int;
  deleted_at: Int | null;
}

export interface MemberWithdrawalAddressesTable {
  id: string;
  member_id: string;
  chain: string;
  /** As checked: EIP-55 case for BEP20, base58check for TRC20. */
  address: string;
  created_at: Int;
  updated_at: Int;
  usable_from: Int;
  deleted_at: Int | null;
}

/** Append-only: one row per add, change or delete of a bank account or an address. */
export interface PayoutDestinationChangesTable {
  id: string;
  member_id: string;
  kind: string;
  destination_id: string;
  action: string;
  before_json: string;
  after_json: string;
  at: Int;
  ip: string;
  user_agent: string;
}

export interface PlanVersionsTable {
  id: string;
  version: Int;
  effective_at: Int;
  document: string;
  note: string;
  created_by: string;
  created_at: Int;
}
export interface PlanPeriodsTable {
  period_key: string;
  from_at: Int;
  to_at: Int;
  line_count: Int;
  paid: Int;
  ran_by: string;
  ran_at: Int;
}
export interface PlanBonusLinesTable {
  id: string;
  line_key: string;
  period_key: string;
  member_id: string;
  bonus_type: string;
  coin_name: string;
  plan_version: Int;
  source_member_id: string | null;
  source_holding_id: string | null;
  source_event: string | null;
  source_at: Int | null;
  base: Int;
  rule_value: Int;
  rate_percent: string;
  gross: Int;
  capped: Int;
  fee: Int;
  paid: Int;
  transfer_id: string | null;
  fee_transfer_id: string | null;
  created_at: Int;
}

/** A member's one support conversation (decision 024); the unread counters move with each message. */
export interface SupportConversationsTable {
  id: string;
  member_id: string;
  assigned_staff_id: string | null;
  /** Staff messages the member has not read yet, and member messages no staff member has read. */
  member_unread: Int;
  staff_unread: Int;
  last_message_at: Int;
  last_message_preview: string;
  created_at: Int;
}

export interface SupportMessagesTable {
  id: string;
  conversation_id: string;
  /** member | staff */
  author: string;
  staff_id: string | null;
  body: string;
  upload_id: string | null;
  /** The sender's idempotency key: a retried send stores nothing twice. */
  request_id: string;
  created_at: Int;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  email_codes: EmailCodesTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  rate_limit_holds: RateLimitHoldsTable;
  coins: CoinsTable;
  staff: StaffTable;
  staff_challenges: StaffChallengesTable;
  audit_log: AuditLogTable;
  config_values: ConfigValuesTable;
  review_items: ReviewItemsTable;
  review_decisions: ReviewDecisionsTable;
  review_waiting: ReviewWaitingTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  ledger_verifications: LedgerVerificationsTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  ledger_checkpoint_accounts: LedgerCheckpointAccountsTable;
  revenue_totals: RevenueTotalsTable;
  ledger_day_totals: LedgerDayTotalsTable;
  request_log: RequestLogTable;
  recon_bank_mappings: ReconBankMappingsTable;
  recon_statements: ReconStatementsTable;
  recon_lines: ReconLinesTable;
  recon_days: ReconDaysTable;
  proof_snapshots: ProofSnapshotsTable;
  proof_leaves: ProofLeavesTable;
  proof_nodes: ProofNodesTable;
  exchanges: ExchangesTable;
  member_transfers: MemberTransfersTable;
  uploads: UploadsTable;
  bank_deposits: BankDepositsTable;
  withdrawals: WithdrawalsTable;
  package_products: PackageProductsTable;
  package_invites: PackageInvitesTable;
  package_member_units: PackageMemberUnitsTable;
  package_holdings: PackageHoldingsTable;
  package_holding_principals: PackageHoldingPrincipalsTable;
  package_holding_events: PackageHoldingEventsTable;
  package_releases: PackageReleasesTable;
  package_activation_codes: PackageActivationCodesTable;
  package_claims: PackageClaimsTable;
  jackpot_cycles: JackpotCyclesTable;
  jackpot_entries: JackpotEntriesTable;
  envelope_nonces: EnvelopeNoncesTable;
  replay_store_marks: ReplayStoreMarksTable;
  job_state: JobStateTable;
  job_runs: JobRunsTable;
  known_addresses: KnownAddressesTable;
  member_two_factor: MemberTwoFactorTable;
  member_recovery_codes: MemberRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  login_history: LoginHistoryTable;
  chain_member_indexes: ChainMemberIndexesTable;
  chain_addresses: ChainAddressesTable;
  chain_cursors: ChainCursorsTable;
  chain_blocks: ChainBlocksTable;
  chain_deposits: ChainDepositsTable;
  member_bank_accounts: MemberBankAccountsTable;
  member_withdrawal_addresses: MemberWithdrawalAddressesTable;
  payout_destination_changes: PayoutDestinationChangesTable;
  member_figures: MemberFiguresTable;
  member_month_figures: MemberMonthFiguresTable;
  plan_versions: PlanVersionsTable;
  plan_periods: PlanPeriodsTable;
  plan_bonus_lines: PlanBonusLinesTable;
  // Content and notifications (decision 023).
  content_announcements: ContentAnnouncementsTable;
  content_banners: ContentBannersTable;
  content_images: ContentImagesTable;
  content_documents: ContentDocumentsTable;
  notifications: NotificationsTable;
  notification_unread: NotificationUnreadTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  // Scarce goods (decision 025).
  scarce_sales: ScarceSalesTable;
  scarce_sale_members: ScarceSaleMembersTable;
  scarce_permits: ScarcePermitsTable;
  scarce_purchases: ScarcePurchasesTable;
  equity_config: EquityConfigTable;
  equity_holdings: EquityHoldingsTable;
  equity_records: EquityRecordsTable;
  kysely_migration: { name: string; timestamp: string };
  _generated?: Generated<number>;
}

/** Community figures (migration 016, decision 021). */
export interface MemberFiguresTable {
  member_id: string;
  personal: Int;
  community: Int;
  largest_leg: Int;
  team_size: Int;
  direct_count: Int;
  grade_pinned: Int;
  updated_at: Int;
}
export interface MemberMonthFiguresTable {
  member_id: string;
  month: Int;
  personal: Int;
  community: Int;
}
// Content and notifications (decision 023).
export interface ContentAnnouncementsTable {
  id: string;
  translations: string;
  is_pinned: Int;
  publish_at: Int;
  expires_at: Int | null;
  is_deleted: Generated<Int>;
  version: Generated<Int>;
  created_at: Int;
  updated_at: Int;
  updated_by: string;
}
export interface ContentBannersTable {
  id: string;
  translations: string;
  sort_order: Int;
  is_active: Int;
  publish_at: Int;
  expires_at: Int | null;
  is_deleted: Generated<Int>;
  version: Generated<Int>;
  created_at: Int;
  updated_at: Int;
  updated_by: string;
}
export interface ContentImagesTable {
  upload_id: string;
  created_at: Int;
}
export interface ContentDocumentsTable {
  kind: string;
  lang: string;
  version: Int;
  title: string;
  body: string;
  published_at: Int;
  published_by: string;
}
export interface NotificationsTable {
  id: string;
  member_id: string;
  type: string;
  params: string;
  is_read: Generated<Int>;
  created_at: Int;
  read_at: Int | null;
}
/** Per member, the unread notifications (decision 058): kept by triggers on notifications. */
export interface NotificationUnreadTable {
  member_id: string;
  unread: Int;
}
// Scarce goods (decision 025).
export interface ScarceSalesTable {
  id: string;
  kind: string;
  product_id: string;
  units: Int;
  price: Int;
  coin_name: string;
  total: Int;
  sold: Int;
  per_member_limit: Int;
  min_grade: Int | null;
  is_flagged_only: Int;
  starts_at: Int;
  ends_at: Int;
  created_by: string;
  created_at: Int;
}
export interface ScarceSaleMembersTable {
  sale_id: string;
  member_id: string;
  bought: Int;
}
export interface ScarcePermitsTable {
  sale_id: string;
  member_id: string;
  token_hash: string;
  expires_at: Int;
  used_at: Int | null;
}
export interface ScarcePurchasesTable {
  id: string;
  sale_id: string;
  member_id: string;
  kind: string;
  amount: Int;
  coin_name: string;
  code_id: string | null;
  holding_id: string | null;
  transfer_id: string;
  created_at: Int;
}
export interface EquityConfigTable {
  id: string;
  price: Int;
  coin_name: string;
  total_issued: Int;
  sold: Int;
  max_per_member: Int;
  bonus_per_share: Int;
  period_hours: Int;
  version: Int;
  updated_at: Int;
}
export interface EquityHoldingsTable {
  member_id: string;
  purchased: Int;
  bonus: Int;
}
export interface EquityRecordsTable {
  id: string;
  member_id: string;
  kind: string;
  shares: Int;
  amount: Int;
  coin_name: string;
  period: Int | null;
  transfer_id: string | null;
  created_at: Int;
}
