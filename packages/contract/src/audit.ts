/**
 * Every action the server writes to the audit log. `AuditService.record` takes only these, and the
 * back-office names each one in every staff language (a locale test checks it), so the audit log
 * never shows a raw action code to staff.
 */
import { memberActionNames, type MemberActionName } from './admin.ts';

const fixedAuditActions = [
  'config.update',
  'config.changeRequest',
  'review.approve',
  'review.reject',
  'ledger.adjust.request',
  'member.grade',
  'member.flagRule.protected',
  'member.flagRule.buyPurchaseCodeStatus',
  'staff.create',
  'staff.update',
  'package.productSave',
  'plan.versionCreate',
  'plan.periodRun',
  'payout.bank',
  'payout.reject',
  'withdrawal.payoutHotWallet',
  'withdrawal.payoutManualChain',
  'content.announcementSave',
  'content.announcementDelete',
  'content.bannerSave',
  'content.bannerDelete',
  'content.documentPublish',
  'support.assign',
  'job.runNow',
  'scarce.rushOpen',
  'scarce.flashSaleOpen',
  'scarce.saleClose',
  'equity.configSave',
  'recon.mappingSave',
  'recon.import',
  'recon.resolve',
  'recon.signOffRequest',
  'recon.signOff',
] as const;

export type AuditAction = (typeof fixedAuditActions)[number] | `member.${MemberActionName}`;

export const auditActions: readonly AuditAction[] = [...fixedAuditActions, ...memberActionNames.map((a) => `member.${a}` as const)];
