/**
 * Prints the table of docs/protocol.md "Why a replay changes nothing": every endpoint of the
 * contract with why the same sealed request sent again, after the nonce store forgot its nonce,
 * changes nothing. Run: node --import tsx scripts/replay-table.ts
 *
 * A keyed endpoint (its request has a requestId) is classified from the contract. The others are
 * named here; an endpoint named nowhere prints as unclassified, so a new one shows up in review.
 * What the table says is checked by apps/server/src/plugins/replay-forgotten-nonce.int.test.ts.
 */
import { endpoints, type EndpointName } from '@pp/contract';

const keyed = 'keyed once (request id)';
const read = "read-only; the answer is sealed to the sender's key";
const sets = 'naturally idempotent (sets a value)';

/** Endpoints without a request id that still write, and why sending them twice does nothing more. */
const writes: Partial<Record<EndpointName, string>> = {
  captchaImage: 'a captcha is made per ask; unread, it expires (off in tests)',
  noLoginSend: 'one code a minute per address: the replay is refused by the send limit',
  loginSend: 'one code a minute per address: the replay is refused by the send limit',
  logout: 'the session is gone: the replay is refused as expired',
  staffLogout: 'the session is gone: the replay is refused as expired',
  staffTotpSetup: 'the sign-in challenge is used once',
  staffTotpVerify: 'the sign-in challenge and the code step are used once',
  loginTwoFactor: 'the sign-in challenge is used once',
  updateAgreeStatus: sets,
  securityTotpEnable: 'a code step is used once: the replay is refused',
  securityTotpDisable: 'a recovery code is used once; two-step sign-in is off already',
  securitySessionRevoke: 'the session is revoked already',
  securitySessionRevokeOthers: 'the other sessions are revoked already',
  depositAddress: "the member's address per chain is made once, then read",
  addBankAccount: 'the same account is refused as a duplicate',
  delBankAccount: 'deleted already',
  updateBankAccount: sets,
  addWithdrawalAddress: 'the same address is refused as a duplicate',
  delWithdrawalAddress: 'deleted already',
  updateWithdrawalAddress: sets,
  payoutHotWallet: 'the withdrawal moves out of its waiting state once',
  payoutManualChain: 'the withdrawal moves out of its waiting state once',
  payoutBank: 'the withdrawal moves out of its waiting state once',
  payoutReject: 'the withdrawal moves out of its waiting state once',
  updateInsuranceAutoAddWarehouseStatus: sets,
  notificationRead: sets,
  notificationReadAll: sets,
  supportRead: sets,
  supportStaffRead: sets,
  supportAssign: sets,
  announcementDelete: 'deleted already',
  bannerDelete: 'deleted already',
  documentPublish: 'the base version is stale after the first: refused',
  saleClose: 'closed already: a sale ends once',
  mediaImage: read,
  staffUploadFile: read,
  uploadFile: read,
  // Replays found to have a second effect (see the integration test's report): not harmless yet.
  login: 'NOT YET: a replay opens another session (its token sealed to the sender) and a login-history row',
  staffLogin: 'NOT YET: a replay makes another sign-in challenge',
  securityTotpSetup: 'NOT YET: a replay replaces the pending secret, so the code from the first fails',
  uploadCreate: 'NOT YET: a replay stores the file again as a second upload',
  contentImageUpload: 'NOT YET: a replay stores the image again as a second upload',
  announcementSave: 'NOT YET: a replay of a new announcement makes a second one (an edit is kept by its version)',
  bannerSave: 'NOT YET (not exercised): a new banner is saved like an announcement',
  saleOpen: 'NOT YET: a replay opens a second sale',
  armPurchase: 'NOT YET: a replay replaces the permit, so the one the member holds fails',
  equityConfigSave: 'NOT YET: sets the same values but bumps the version',
};

/** Keyed endpoints whose replay was still found to change something. */
const keyedButNot: Partial<Record<EndpointName, string>> = {
  planRun: 'NOT YET: paid once, but a replay creates empty ledger shard accounts',
};

/** Reads by name: everything else must be named above. */
const readName =
  /(List|Info|Detail|Config|Overview|History|Health|Status|Unread|Summary|Chart|Ranking|Figures|Thread|Inbox|Agents|Me|Ledger|Search|Series|Versions|Fee|Get|Document|DryRun|Community|^dashboard|^organization|^coinList|^levelList|^userInfo|^countryList|^checkBuyInsurance|^chainHealth|^gmtUserInfo|^hotWalletStatus)$/;

export function whyReplayIsHarmless(name: EndpointName): string {
  const shape = (endpoints[name].request as { shape?: Record<string, unknown> }).shape;
  if (keyedButNot[name]) return keyedButNot[name]!;
  if (shape && 'requestId' in shape) return keyed;
  if (writes[name]) return writes[name]!;
  if (readName.test(name)) return read;
  return 'unclassified: name it in scripts/replay-table.ts';
}

export function replayTable(): string {
  const rows = (Object.keys(endpoints) as EndpointName[]).map((name) => `| \`${name}\` | \`${endpoints[name].path}\` | ${whyReplayIsHarmless(name)} |`);
  return ['| endpoint | path | why a replay changes nothing |', '|---|---|---|', ...rows].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(replayTable());
