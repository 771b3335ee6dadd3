/**
 * What bank accounts and wallet addresses share (decision 015): the cooling-off before a new or
 * changed one may be used (the per-member lock that keeps the count limit under parallel adds is
 * db/locks.ts), the append-only change history and the security e-mail. Both modules use these; they differ
 * only in their columns.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { serverMessage, type Language } from '@pp/contract';
import type { Tx } from '../../../db/index.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import { mailTime, type SecurityService } from '../../identity/security/index.ts';

export type DestinationKind = 'bankAccount' | 'address';
export type DestinationAction = 'add' | 'update' | 'delete';

/** Who changed a destination, from where, in which language (for the e-mail). */
export interface ChangeContext {
  ip: string;
  userAgent: string;
  request: FastifyRequest;
  lang: Language;
}

export function changeContext(request: FastifyRequest, lang: Language): ChangeContext {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300), request, lang };
}

const hourMs = 3_600_000;

/** When a destination changed at `now` may be used: now plus the configured cooling-off. */
export async function usableFromAfterChange(settings: ConfigService, now: number, tx?: Tx): Promise<number> {
  const hours = await settings.get('withdrawal.addressCoolingOffHours', tx);
  return now + hours * hourMs;
}

export async function recordChange(
  tx: Tx,
  entry: { memberId: string; kind: DestinationKind; destinationId: string; action: DestinationAction; before: unknown; after: unknown; at: number },
  context: ChangeContext,
): Promise<void> {
  await tx
    .insertInto('payout_destination_changes')
    .values({
      id: crypto.randomUUID(),
      member_id: entry.memberId,
      kind: entry.kind,
      destination_id: entry.destinationId,
      action: entry.action,
      before_json: JSON.stringify(entry.before ?? null),
      after_json: JSON.stringify(entry.after ?? null),
      at: entry.at,
      ip: context.ip,
      user_agent: context.userAgent,
    })
    .execute();
}

/** The security e-mail after a change: what changed, from where, and from when it may be used. */
export async function mailChange(
  security: SecurityService,
  memberId: string,
  kind: DestinationKind,
  action: DestinationAction,
  detail: string,
  usableFrom: number | null,
  context: ChangeContext,
): Promise<void> {
  const notice = kind === 'bankAccount' ? 'bankAccountChanged' : 'withdrawalAddressChanged';
  const params = {
    detail,
    action: serverMessage(context.lang, action === 'add' ? 'mail.actionAdded' : 'mail.actionChanged'),
    usableFrom: usableFrom === null ? '' : mailTime(usableFrom),
  };
  await security.notify(memberId, notice, context.request, context.lang, action === 'delete' ? { params, bodyKey: 'mail.destinationRemovedBody' } : { params });
}

/** A bank account number in a mail: only its last four characters. */
export function maskedAccountNumber(accountNumber: string): string {
  return `**** ${accountNumber.slice(-4)}`;
}
