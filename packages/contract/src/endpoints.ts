import { z } from 'zod';
import * as a from './accounts.ts';
import * as s from './admin.ts';
import * as w from './wallet.ts';
import * as sec from './security.ts';
import * as ch from './chain.ts';
import * as d from './deposits.ts';
import * as pd from './payout-destinations.ts';
import * as wd from './withdrawals.ts';
import * as pk from './packages.ts';
import * as cm from './community.ts';
import * as pl from './plan.ts';
import * as ct from './content.ts';
import * as sp from './support.ts';
import * as sc from './scarce.ts';
import * as pf from './proof.ts';
import * as fin from './finance.ts';
import { endpointPaths, type KeyedEndpointName } from './paths.ts';
import { requestId } from './request-id.ts';

/**
 * Every API endpoint, declared once. The server registers routes from this table and validates
 * bodies and answers with these schemas; the web client types its calls from it.
 * `auth`: 'member' needs a member session, 'public' does not; 'staff' needs a staff session with
 * the endpoint's `permission`; 'staffPublic' is the staff login.
 * `keyed`: a write declared with writeEndpoint or staffWriteEndpoint. Its request carries the
 * idempotency key `requestId` and the server does it once per key, so the browser kit may tell
 * the user that sending it again is safe. The same names are listed without zod in paths.ts
 * (`keyedEndpointNames`, `isKeyed`) for the kit's first download; the two must agree (checked
 * below by the compiler and by endpoints.test.ts).
 */
function endpoint<Auth extends 'public' | 'member', Req extends z.ZodType, Res extends z.ZodType>(path: string, auth: Auth, request: Req, response: Res) {
  return { path, auth, request, response, permission: null, keyed: false } as const;
}

/** The request of a keyed write: `requestId` added, unless the request declares its own (the staff adjustment's older, shorter key). */
function keyedRequest<Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig>(
  request: z.ZodObject<Shape, Config>,
): z.ZodObject<z.core.util.Extend<Shape, { requestId: typeof requestId }>, Config> {
  if ('requestId' in request.shape) return request as never;
  return (request as z.ZodObject).safeExtend({ requestId }) as never;
}

/** A member or public write the server does once per `requestId` (db/once.ts on the server). */
function writeEndpoint<Auth extends 'public' | 'member', Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig, Res extends z.ZodType>(
  path: string,
  auth: Auth,
  request: z.ZodObject<Shape, Config>,
  response: Res,
) {
  return { path, auth, request: keyedRequest(request), response, permission: null, keyed: true } as const;
}

function staffAuth<P extends s.StaffPermission | null>(permission: P) {
  return (permission === null ? 'staffPublic' : 'staff') as P extends null ? 'staffPublic' : 'staff';
}

/** A back-office endpoint: a staff session with `permission`, or none for the login steps. */
function staffEndpoint<P extends s.StaffPermission | null, Req extends z.ZodType, Res extends z.ZodType>(
  path: string,
  permission: P,
  request: Req,
  response: Res,
) {
  return { path, auth: staffAuth(permission), request, response, permission, keyed: false } as const;
}

/** A back-office write the server does once per `requestId`, as writeEndpoint. */
function staffWriteEndpoint<P extends s.StaffPermission, Shape extends z.ZodRawShape, Config extends z.core.$ZodObjectConfig, Res extends z.ZodType>(
  path: string,
  permission: P,
  request: z.ZodObject<Shape, Config>,
  response: Res,
) {
  return { path, auth: staffAuth(permission), request: keyedRequest(request), response, permission, keyed: true } as const;
}

export const endpoints = {
  countryList: endpoint(endpointPaths.countryList, 'public', a.empty, a.countryList),
  captchaImage: endpoint(endpointPaths.captchaImage, 'public', a.empty, a.captchaResponse),
  userRegister: writeEndpoint(endpointPaths.userRegister, 'public', a.registerRequest, a.ok),
  login: endpoint(endpointPaths.login, 'public', a.loginRequest, a.loginResponse),
  logout: endpoint(endpointPaths.logout, 'member', a.empty, a.ok),
  forgotPassword: writeEndpoint(endpointPaths.forgotPassword, 'public', a.forgotPasswordRequest, a.ok),
  noLoginSend: endpoint(endpointPaths.noLoginSend, 'public', a.noLoginSendRequest, a.codeSentResponse),
  loginSend: endpoint(endpointPaths.loginSend, 'member', a.loginSendRequest, a.codeSentResponse),
  userInfo: endpoint(endpointPaths.userInfo, 'member', a.empty, a.userInfo),
  updatePassWord: writeEndpoint(endpointPaths.updatePassWord, 'member', a.updatePasswordRequest, a.ok),
  updateTransactionPassword: writeEndpoint(endpointPaths.updateTransactionPassword, 'member', a.updateTransactionPasswordRequest, a.ok),
  forgotTransactionPassword: writeEndpoint(endpointPaths.forgotTransactionPassword, 'member', a.forgotTransactionPasswordRequest, a.ok),
  levelList: endpoint(endpointPaths.levelList, 'member', a.empty, z.array(a.levelEntry)),
  coinList: endpoint(endpointPaths.coinList, 'member', a.empty, z.array(a.coinEntry)),
  updateAgreeStatus: endpoint(endpointPaths.updateAgreeStatus, 'member', a.updateAgreeStatusRequest, a.ok),
  assetsList: endpoint(endpointPaths.assetsList, 'member', a.empty, z.array(a.assetEntry)),
  packageConfig: endpoint(endpointPaths.packageConfig, 'member', a.empty, a.packageConfig),
  assetsRecordList: endpoint(endpointPaths.assetsRecordList, 'member', w.recordListRequest, w.recordListResponse),
  recordTypeList: endpoint(endpointPaths.recordTypeList, 'member', a.empty, w.recordTypeListResponse),
  recordStatement: endpoint(endpointPaths.recordStatement, 'member', w.recordStatementRequest, w.recordStatementResponse),
  revenueSummary: endpoint(endpointPaths.revenueSummary, 'member', a.empty, w.revenueSummaryResponse),
  balanceHistory: endpoint(endpointPaths.balanceHistory, 'member', w.balanceHistoryRequest, w.balanceHistoryResponse),
  assetsValue: endpoint(endpointPaths.assetsValue, 'member', a.empty, w.assetsValueResponse),
  proofPublished: endpoint(endpointPaths.proofPublished, 'public', a.empty, pf.proofPublishedResponse),
  proofMine: endpoint(endpointPaths.proofMine, 'member', a.empty, pf.proofMineResponse),
  exchangeTypeList: endpoint(endpointPaths.exchangeTypeList, 'member', a.empty, z.array(w.exchangeType)),
  exchangeCreate: writeEndpoint(endpointPaths.exchangeCreate, 'member', w.exchangeCreateRequest, w.exchangeCreateResponse),
  exchangeList: endpoint(endpointPaths.exchangeList, 'member', w.exchangeListRequest, w.exchangeListResponse),
  exchangeCancel: writeEndpoint(endpointPaths.exchangeCancel, 'member', w.exchangeCancelRequest, a.ok),
  transferConfig: endpoint(endpointPaths.transferConfig, 'member', a.empty, w.transferConfig),
  transferCreate: writeEndpoint(endpointPaths.transferCreate, 'member', w.transferCreateRequest, w.idResponse),
  transferList: endpoint(endpointPaths.transferList, 'member', w.transferListRequest, w.transferListResponse),
  transferRecipientCheck: endpoint(endpointPaths.transferRecipientCheck, 'member', w.transferRecipientCheckRequest, w.transferRecipientCheckResponse),
  transferRecentRecipients: endpoint(endpointPaths.transferRecentRecipients, 'member', a.empty, w.transferRecentRecipientsResponse),

  staffLogin: staffEndpoint(endpointPaths.staffLogin, null, s.staffLoginRequest, s.staffLoginResponse),
  staffTotpSetup: staffEndpoint(endpointPaths.staffTotpSetup, null, s.staffTotpRequest, s.staffSessionResponse),
  staffTotpVerify: staffEndpoint(endpointPaths.staffTotpVerify, null, s.staffTotpRequest, s.staffSessionResponse),
  staffLogout: staffEndpoint(endpointPaths.staffLogout, 'dashboard.read', a.empty, a.ok),
  staffMe: staffEndpoint(endpointPaths.staffMe, 'dashboard.read', a.empty, s.staffProfile),
  staffList: staffEndpoint(endpointPaths.staffList, 'staff.manage', a.empty, z.array(s.staffEntry)),
  staffCreate: staffWriteEndpoint(endpointPaths.staffCreate, 'staff.manage', s.staffCreateRequest, s.staffEntry),
  staffUpdate: staffWriteEndpoint(endpointPaths.staffUpdate, 'staff.manage', s.staffUpdateRequest, s.staffEntry),
  auditList: staffEndpoint(endpointPaths.auditList, 'audit.read', s.auditListRequest, s.auditListResponse),
  memberSearch: staffEndpoint(endpointPaths.memberSearch, 'members.read', s.memberSearchRequest, s.memberSearchResponse),
  memberDetail: staffEndpoint(endpointPaths.memberDetail, 'members.read', s.memberDetailRequest, s.memberDetail),
  memberAction: staffWriteEndpoint(endpointPaths.memberAction, 'members.manage', s.memberActionRequest, a.ok),
  memberGrade: staffWriteEndpoint(endpointPaths.memberGrade, 'members.grade', s.memberGradeRequest, a.ok),
  configList: staffEndpoint(endpointPaths.configList, 'config.read', a.empty, z.array(s.configEntry)),
  /** This API's OpenAPI document, for the back-office's reference page (the public copy only when published). */
  apiReference: staffEndpoint(endpointPaths.apiReference, 'config.read', a.empty, s.apiReferenceDocument),
  configUpdate: staffWriteEndpoint(endpointPaths.configUpdate, 'config.writeMoney', s.configUpdateRequest, s.configEntry),
  configHistory: staffEndpoint(endpointPaths.configHistory, 'config.read', s.configHistoryRequest, s.configHistoryResponse),
  reviewList: staffEndpoint(endpointPaths.reviewList, 'reviews.read', s.reviewListRequest, s.reviewListResponse),
  reviewDetail: staffEndpoint(endpointPaths.reviewDetail, 'reviews.read', s.reviewDetailRequest, s.reviewItem),
  reviewDecide: staffWriteEndpoint(endpointPaths.reviewDecide, 'reviews.decide', s.reviewDecideRequest, s.reviewDecideResponse),
  dashboard: staffEndpoint(endpointPaths.dashboard, 'dashboard.read', a.empty, s.dashboardResponse),
  dashboardSeries: staffEndpoint(endpointPaths.dashboardSeries, 'dashboard.read', s.dashboardSeriesRequest, s.dashboardSeriesResponse),
  memberLedger: staffEndpoint(
    endpointPaths.memberLedger,
    'members.read',
    s.memberLedgerRequest,
    z.object({ balances: z.array(a.assetEntry), records: w.recordListResponse }),
  ),
  adjustmentCreate: staffWriteEndpoint(endpointPaths.adjustmentCreate, 'ledger.adjust', s.adjustmentCreateRequest, s.adjustmentCreateResponse),
  jobList: staffEndpoint(endpointPaths.jobList, 'dashboard.read', a.empty, z.array(s.jobStatus)),
  jobRunNow: staffWriteEndpoint(endpointPaths.jobRunNow, 'jobs.run', s.jobRunNowRequest, a.ok),

  // Member security centre (decision 010).
  loginTwoFactor: endpoint(endpointPaths.loginTwoFactor, 'public', sec.loginTwoFactorRequest, a.loginSessionResponse),
  securityOverview: endpoint(endpointPaths.securityOverview, 'member', a.empty, sec.securityOverview),
  securityTotpSetup: endpoint(endpointPaths.securityTotpSetup, 'member', a.empty, sec.totpSetupResponse),
  securityTotpEnable: endpoint(endpointPaths.securityTotpEnable, 'member', sec.totpEnableRequest, sec.totpEnableResponse),
  securityTotpDisable: endpoint(endpointPaths.securityTotpDisable, 'member', sec.totpDisableRequest, a.ok),
  securitySessionList: endpoint(endpointPaths.securitySessionList, 'member', sec.sessionListRequest, sec.sessionListResponse),
  securitySessionRevoke: endpoint(endpointPaths.securitySessionRevoke, 'member', sec.sessionRevokeRequest, a.ok),
  securitySessionRevokeOthers: endpoint(endpointPaths.securitySessionRevokeOthers, 'member', a.empty, sec.sessionRevokeOthersResponse),
  securityLoginHistory: endpoint(endpointPaths.securityLoginHistory, 'member', a.empty, sec.loginHistoryResponse),

  // USDT deposits on chain (decision 017).
  depositChainList: endpoint(endpointPaths.depositChainList, 'member', a.empty, ch.depositChainListResponse),
  depositAddress: endpoint(endpointPaths.depositAddress, 'member', ch.depositAddressRequest, ch.depositAddressResponse),
  bscDepositRecordList: endpoint(endpointPaths.bscDepositRecordList, 'member', ch.chainDepositListRequest, ch.chainDepositListResponse),
  chainHealth: staffEndpoint(endpointPaths.chainHealth, 'dashboard.read', a.empty, ch.chainHealthResponse),
  // Uploads and bank deposits (decision 016). uploadCreate alone takes bodies up to uploadBodyBytesMax.
  uploadCreate: endpoint(endpointPaths.uploadCreate, 'member', d.uploadCreateRequest, d.uploadInfo),
  uploadFile: endpoint(endpointPaths.uploadFile, 'member', d.uploadFileRequest, d.uploadFileResponse),
  staffUploadFile: staffEndpoint(endpointPaths.staffUploadFile, 'uploads.read', d.uploadFileRequest, d.uploadFileResponse),
  bankDepositConfig: endpoint(endpointPaths.bankDepositConfig, 'member', a.empty, d.bankDepositConfig),
  deposit: writeEndpoint(endpointPaths.deposit, 'member', d.depositCreateRequest, d.depositCreateResponse),
  depositRecordList: endpoint(endpointPaths.depositRecordList, 'member', d.depositRecordListRequest, d.depositRecordListResponse),
  // Bank accounts and withdrawal addresses (decision 015).
  addBankAccount: endpoint(endpointPaths.addBankAccount, 'member', pd.bankAccountAddRequest, pd.bankAccountEntry),
  bankAccountList: endpoint(endpointPaths.bankAccountList, 'member', a.empty, pd.bankAccountListResponse),
  delBankAccount: endpoint(endpointPaths.delBankAccount, 'member', pd.destinationDeleteRequest, a.ok),
  updateBankAccount: endpoint(endpointPaths.updateBankAccount, 'member', pd.bankAccountUpdateRequest, pd.bankAccountEntry),
  addWithdrawalAddress: endpoint(endpointPaths.addWithdrawalAddress, 'member', pd.withdrawalAddressAddRequest, pd.withdrawalAddressEntry),
  withdrawalAddressList: endpoint(endpointPaths.withdrawalAddressList, 'member', a.empty, pd.withdrawalAddressListResponse),
  delWithdrawalAddress: endpoint(endpointPaths.delWithdrawalAddress, 'member', pd.destinationDeleteRequest, a.ok),
  updateWithdrawalAddress: endpoint(endpointPaths.updateWithdrawalAddress, 'member', pd.withdrawalAddressUpdateRequest, pd.withdrawalAddressEntry),
  // Withdrawals and payouts (decision 019).
  withdrawalConfigList: endpoint(endpointPaths.withdrawalConfigList, 'member', a.empty, wd.withdrawalConfigListResponse),
  withdrawalInfo: endpoint(endpointPaths.withdrawalInfo, 'member', a.empty, wd.withdrawalInfoResponse),
  withdrawal: writeEndpoint(endpointPaths.withdrawal, 'member', wd.bankWithdrawalRequest, wd.withdrawalCreateResponse),
  bscWithdrawal: writeEndpoint(endpointPaths.bscWithdrawal, 'member', wd.chainWithdrawalRequest, wd.withdrawalCreateResponse),
  withdrawalOrderList: endpoint(endpointPaths.withdrawalOrderList, 'member', wd.withdrawalListRequest, wd.withdrawalListResponse),
  withdrawalBankOrderList: endpoint(endpointPaths.withdrawalBankOrderList, 'member', wd.withdrawalListRequest, wd.withdrawalListResponse),
  bscWithdrawalOrderList: endpoint(endpointPaths.bscWithdrawalOrderList, 'member', wd.withdrawalListRequest, wd.withdrawalListResponse),
  payoutList: staffEndpoint(endpointPaths.payoutList, 'reviews.read', wd.payoutListRequest, wd.payoutListResponse),
  payoutHotWallet: staffEndpoint(endpointPaths.payoutHotWallet, 'payouts.send', wd.payoutHotWalletRequest, wd.payoutResultResponse),
  payoutManualChain: staffEndpoint(endpointPaths.payoutManualChain, 'payouts.send', wd.payoutManualChainRequest, wd.payoutResultResponse),
  payoutBank: staffEndpoint(endpointPaths.payoutBank, 'payouts.send', wd.payoutBankRequest, wd.payoutResultResponse),
  payoutReject: staffEndpoint(endpointPaths.payoutReject, 'payouts.send', wd.payoutRejectRequest, wd.payoutResultResponse),
  hotWalletStatus: staffEndpoint(endpointPaths.hotWalletStatus, 'reviews.read', a.empty, wd.hotWalletStatusResponse),
  // Packages (decision 020).
  matchingList: endpoint(endpointPaths.matchingList, 'member', a.empty, pk.productListResponse),
  buyMatchingList: endpoint(endpointPaths.buyMatchingList, 'member', pk.holdingListRequest, pk.holdingListResponse),
  buyMatching: writeEndpoint(endpointPaths.buyMatching, 'member', pk.buyRequest, pk.holdingIdResponse),
  upgradeMatching: writeEndpoint(endpointPaths.upgradeMatching, 'member', pk.upgradeRequest, pk.holdingIdResponse),
  fillingPositions: writeEndpoint(endpointPaths.fillingPositions, 'member', pk.fillRequest, pk.holdingIdResponse),
  redeemFee: endpoint(endpointPaths.redeemFee, 'member', pk.redeemFeeRequest, pk.redeemFeeResponse),
  redeem: writeEndpoint(endpointPaths.redeem, 'member', pk.redeemRequest, pk.holdingIdResponse),
  addWarehouse: writeEndpoint(endpointPaths.addWarehouse, 'member', pk.addRequest, pk.holdingIdResponse),
  internalTransfer: writeEndpoint(endpointPaths.internalTransfer, 'member', pk.holdingTransferRequest, pk.holdingIdResponse),
  insuranceDetailInfo: endpoint(endpointPaths.insuranceDetailInfo, 'member', pk.holdingDetailRequest, pk.holdingDetailResponse),
  paymentRecordList: endpoint(endpointPaths.paymentRecordList, 'member', pk.paymentRecordListRequest, pk.paymentRecordListResponse),
  checkBuyInsurance: endpoint(endpointPaths.checkBuyInsurance, 'member', pk.checkBuyRequest, pk.checkBuyResponse),
  updateInsuranceAutoAddWarehouseStatus: endpoint(endpointPaths.updateInsuranceAutoAddWarehouseStatus, 'member', pk.autoTopUpRequest, a.ok),
  activationCodeBuy: writeEndpoint(endpointPaths.activationCodeBuy, 'member', pk.activationCodeBuyRequest, pk.activationCodeBuyResponse),
  activationCodeList: endpoint(endpointPaths.activationCodeList, 'member', pk.activationCodeListRequest, pk.activationCodeListResponse),
  activationCodeActivate: writeEndpoint(endpointPaths.activationCodeActivate, 'member', pk.activationCodeActivateRequest, pk.holdingIdResponse),
  claimCreate: writeEndpoint(endpointPaths.claimCreate, 'member', pk.claimCreateRequest, w.idResponse),
  claimList: endpoint(endpointPaths.claimList, 'member', pk.claimListRequest, pk.claimListResponse),
  jackpotInfo: endpoint(endpointPaths.jackpotInfo, 'member', a.empty, pk.jackpotInfoResponse),
  jackpotRecordList: endpoint(endpointPaths.jackpotRecordList, 'member', pk.jackpotRecordListRequest, pk.jackpotRecordListResponse),
  productAdminList: staffEndpoint(endpointPaths.productAdminList, 'config.read', a.empty, pk.productAdminListResponse),
  productSave: staffWriteEndpoint(endpointPaths.productSave, 'packages.manage', pk.productSaveRequest, pk.productAdminEntry),
  holdingAdminList: staffEndpoint(endpointPaths.holdingAdminList, 'members.read', pk.holdingAdminListRequest, pk.holdingAdminListResponse),
  jackpotAdminList: staffEndpoint(endpointPaths.jackpotAdminList, 'dashboard.read', a.empty, pk.jackpotAdminListResponse),
  // Community (decision 021).
  organization: endpoint(endpointPaths.organization, 'member', cm.organizationRequest, cm.organizationResponse),
  userOrganizationInfo: endpoint(endpointPaths.userOrganizationInfo, 'member', a.empty, cm.organizationInfoResponse),
  userMonthFigures: endpoint(endpointPaths.userMonthFigures, 'member', a.empty, cm.monthFiguresResponse),
  memberCommunity: staffEndpoint(endpointPaths.memberCommunity, 'members.read', cm.memberCommunityRequest, cm.memberCommunityResponse),
  // Compensation plan (decision 022).
  planChart: endpoint(endpointPaths.planChart, 'member', a.empty, pl.planChartResponse),
  planRanking: endpoint(endpointPaths.planRanking, 'member', pl.rankingRequest, pl.rankingResponse),
  planVersionList: staffEndpoint(endpointPaths.planVersionList, 'config.read', a.empty, pl.planVersionListResponse),
  planVersionCreate: staffWriteEndpoint(endpointPaths.planVersionCreate, 'plan.manage', pl.planVersionCreateRequest, pl.planVersionEntry),
  planPeriodList: staffEndpoint(endpointPaths.planPeriodList, 'config.read', a.empty, pl.planPeriodListResponse),
  planDryRun: staffEndpoint(endpointPaths.planDryRun, 'config.read', pl.planRunRequest, pl.planRunResponse),
  planRun: staffWriteEndpoint(endpointPaths.planRun, 'plan.run', pl.planRunRequest, pl.planRunResponse),
  // Content and notifications (decision 023). The documents are public: /terms/reg needs one before sign-in.
  appMediaList: endpoint(endpointPaths.appMediaList, 'member', a.empty, ct.mediaListResponse),
  mediaImage: endpoint(endpointPaths.mediaImage, 'member', ct.mediaImageRequest, ct.mediaImageResponse),
  announcementList: endpoint(endpointPaths.announcementList, 'member', ct.announcementListRequest, ct.announcementListResponse),
  announcementDetail: endpoint(endpointPaths.announcementDetail, 'member', ct.announcementDetailRequest, ct.announcementDetail),
  contentDocument: endpoint(endpointPaths.contentDocument, 'public', ct.documentRequest, ct.documentResponse),
  helpCentre: endpoint(endpointPaths.helpCentre, 'public', a.empty, ct.helpCentreResponse),
  notificationList: endpoint(endpointPaths.notificationList, 'member', ct.notificationListRequest, ct.notificationListResponse),
  notificationUnread: endpoint(endpointPaths.notificationUnread, 'member', a.empty, ct.notificationUnreadResponse),
  notificationRead: endpoint(endpointPaths.notificationRead, 'member', ct.notificationReadRequest, a.ok),
  notificationReadAll: endpoint(endpointPaths.notificationReadAll, 'member', a.empty, ct.notificationReadAllResponse),
  announcementAdminList: staffEndpoint(
    endpointPaths.announcementAdminList,
    'dashboard.read',
    ct.announcementAdminListRequest,
    ct.announcementAdminListResponse,
  ),
  announcementSave: staffEndpoint(endpointPaths.announcementSave, 'content.manage', ct.announcementSaveRequest, ct.announcementAdminEntry),
  announcementDelete: staffEndpoint(endpointPaths.announcementDelete, 'content.manage', ct.announcementDeleteRequest, a.ok),
  bannerAdminList: staffEndpoint(endpointPaths.bannerAdminList, 'dashboard.read', a.empty, ct.bannerAdminListResponse),
  bannerSave: staffEndpoint(endpointPaths.bannerSave, 'content.manage', ct.bannerSaveRequest, ct.bannerAdminEntry),
  bannerDelete: staffEndpoint(endpointPaths.bannerDelete, 'content.manage', ct.bannerDeleteRequest, a.ok),
  contentImageUpload: staffEndpoint(endpointPaths.contentImageUpload, 'content.manage', ct.contentImageUploadRequest, ct.contentImageUploadResponse),
  documentVersions: staffEndpoint(endpointPaths.documentVersions, 'dashboard.read', ct.documentVersionsRequest, ct.documentVersionsResponse),
  documentPublish: staffEndpoint(endpointPaths.documentPublish, 'content.manage', ct.documentPublishRequest, ct.documentVersionEntry),
  // Live support chat and the game (decision 024).
  supportConfig: endpoint(endpointPaths.supportConfig, 'member', a.empty, sp.supportConfigResponse),
  supportThread: endpoint(endpointPaths.supportThread, 'member', sp.supportThreadRequest, sp.supportThreadResponse),
  supportSend: writeEndpoint(endpointPaths.supportSend, 'member', sp.supportSendRequest, sp.supportSendResponse),
  supportRead: endpoint(endpointPaths.supportRead, 'member', a.empty, a.ok),
  supportUnread: endpoint(endpointPaths.supportUnread, 'member', a.empty, sp.supportUnreadResponse),
  gmtUserInfo: endpoint(endpointPaths.gmtUserInfo, 'member', a.empty, sp.gameUserInfoResponse),
  supportInbox: staffEndpoint(endpointPaths.supportInbox, 'support.chat', sp.supportInboxRequest, sp.supportInboxResponse),
  supportStaffThread: staffEndpoint(endpointPaths.supportStaffThread, 'support.chat', sp.supportStaffThreadRequest, sp.supportStaffThreadResponse),
  supportStaffSend: staffWriteEndpoint(endpointPaths.supportStaffSend, 'support.chat', sp.supportStaffSendRequest, sp.supportSendResponse),
  supportStaffRead: staffEndpoint(endpointPaths.supportStaffRead, 'support.chat', sp.supportStaffReadRequest, a.ok),
  supportAssign: staffEndpoint(endpointPaths.supportAssign, 'support.chat', sp.supportAssignRequest, sp.supportConversationEntry),
  supportAgents: staffEndpoint(endpointPaths.supportAgents, 'support.chat', a.empty, sp.supportAgentsResponse),
  // Scarce goods (decision 025).
  saleList: endpoint(endpointPaths.saleList, 'member', sc.saleListRequest, sc.saleListResponse),
  armPurchase: endpoint(endpointPaths.armPurchase, 'member', sc.armPurchaseRequest, sc.armPurchaseResponse),
  buyPurchaseCode: writeEndpoint(endpointPaths.buyPurchaseCode, 'member', sc.salePurchaseRequest, sc.salePurchaseResponse),
  flashSaleBuy: writeEndpoint(endpointPaths.flashSaleBuy, 'member', sc.salePurchaseRequest, sc.salePurchaseResponse),
  purchaseCodeRecordList: endpoint(endpointPaths.purchaseCodeRecordList, 'member', sc.purchaseCodeRecordListRequest, sc.purchaseCodeRecordListResponse),
  activatePurchaseCode: writeEndpoint(endpointPaths.activatePurchaseCode, 'member', sc.activatePurchaseCodeRequest, sc.purchaseCodeActivateResponse),
  givePurchaseCode: writeEndpoint(endpointPaths.givePurchaseCode, 'member', sc.givePurchaseCodeRequest, sc.purchaseCodeActivateResponse),
  buyEquityInfo: endpoint(endpointPaths.buyEquityInfo, 'member', a.empty, sc.equityInfoResponse),
  buyEquity: writeEndpoint(endpointPaths.buyEquity, 'member', sc.equityBuyRequest, sc.equityBuyResponse),
  buyEquityRecordList: endpoint(endpointPaths.buyEquityRecordList, 'member', sc.equityRecordListRequest, sc.equityRecordListResponse),
  saleAdminList: staffEndpoint(endpointPaths.saleAdminList, 'config.read', sc.saleAdminListRequest, sc.saleAdminListResponse),
  saleOpen: staffEndpoint(endpointPaths.saleOpen, 'packages.manage', sc.saleOpenRequest, sc.saleAdminEntry),
  saleClose: staffEndpoint(endpointPaths.saleClose, 'packages.manage', sc.saleCloseRequest, sc.saleAdminEntry),
  equityConfigGet: staffEndpoint(endpointPaths.equityConfigGet, 'config.read', a.empty, sc.equityAdminConfig),
  equityConfigSave: staffEndpoint(endpointPaths.equityConfigSave, 'packages.manage', sc.equityConfigSaveRequest, sc.equityAdminConfig),
  // Finance: the books and the bank reconciliation (decisions 090, 091).
  financeTrialBalance: staffEndpoint(endpointPaths.financeTrialBalance, 'finance.books', fin.booksPeriodRequest, fin.trialBalanceResponse),
  financeJournal: staffEndpoint(endpointPaths.financeJournal, 'finance.books', fin.booksPeriodRequest, fin.journalExportResponse),
  reconMappingList: staffEndpoint(endpointPaths.reconMappingList, 'finance.reconcile', a.empty, fin.bankMappingListResponse),
  reconMappingSave: staffWriteEndpoint(endpointPaths.reconMappingSave, 'finance.reconcile', fin.bankMappingSaveRequest, fin.bankMapping),
  reconImport: staffWriteEndpoint(endpointPaths.reconImport, 'finance.reconcile', fin.statementImportRequest, fin.statementImportResponse),
  reconDay: staffEndpoint(endpointPaths.reconDay, 'finance.reconcile', fin.reconDayRequest, fin.reconDayResponse),
  reconResolve: staffWriteEndpoint(endpointPaths.reconResolve, 'finance.reconcile', fin.reconResolveRequest, fin.reconResolveResponse),
  reconSignOff: staffWriteEndpoint(endpointPaths.reconSignOff, 'finance.reconcile', fin.reconSignOffRequest, fin.reconSignOffResponse),
} as const;

export type Endpoints = typeof endpoints;

/** The endpoints declared keyed above; the compiler refuses a difference from paths.ts's list. */
type DeclaredKeyed = { [N in keyof Endpoints]: Endpoints[N]['keyed'] extends true ? N : never }[keyof Endpoints];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const keyedListsAgree: Same<DeclaredKeyed, KeyedEndpointName> = true;
void keyedListsAgree;
export type EndpointName = keyof Endpoints;
export type RequestOf<N extends EndpointName> = z.input<Endpoints[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<Endpoints[N]['response']>;
