/**
 * Demo data for a first start: the demo member and a few others in one referral tree.
 * Refused in production by config.ts. Idempotent: an existing demo member is left alone.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../services.ts';

export const demoMembers = [
  { userName: 'demo', password: 'Demo@12345', transactionPassword: 'Demo@123456', email: 'demo@example.com', countryCode: 'CN', referrer: null },
  { userName: 'alice', password: 'Alice@12345', transactionPassword: 'Alice@123456', email: 'alice@example.com', countryCode: 'ID', referrer: 'demo' },
  { userName: 'bob', password: 'Bob@123456', transactionPassword: 'Bob@1234567', email: 'bob@example.com', countryCode: 'JP', referrer: 'demo' },
  { userName: 'carol', password: 'Carol@12345', transactionPassword: 'Carol@123456', email: 'carol@example.com', countryCode: 'KR', referrer: 'alice' },
] as const;

export async function seedDemo(services: Services, log: FastifyBaseLogger): Promise<void> {
  const { accounts, dbHandle } = services;
  if (await accounts.repository.byName('demo')) return;
  for (const m of demoMembers) {
    const referrer = m.referrer ? ((await accounts.repository.byName(m.referrer)) ?? null) : null;
    const id = await accounts.createMember(
      {
        userName: m.userName,
        password: m.password,
        confirmPassword: m.password,
        transactionPassword: m.transactionPassword,
        confirmTransactionPassword: m.transactionPassword,
        countryCode: m.countryCode,
        email: m.email,
        emailCode: '000000',
        inviteId: referrer?.referral_id ?? '',
        agree: true,
      },
      referrer,
      'demo-seed',
    );
    if (m.userName === 'demo') {
      // A stable invite ID for the demo root, so the README can name it.
      await dbHandle.db.updateTable('users').set({ referral_id: '10000001', buy_purchase_code_status: 1 }).where('id', '=', id).execute();
    }
  }
  log.info('demo data created: member demo / Demo@12345 (transaction password Demo@123456), invite ID 10000001');
}
