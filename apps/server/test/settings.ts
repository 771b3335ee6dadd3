/**
 * Settings that govern controls change only when a second staff member approves (decision 061).
 * A test that needs such a setting live asks with one staff client and approves with another.
 */
import type { TestApp, TestClient } from './helper.ts';

type Updated = { pendingChange?: { reviewId: string } | null };

/** Approves a pending setting change as `approver`; throws if it is not applied. */
export async function approveSettingChange(approver: TestClient, reviewId: string): Promise<void> {
  const decided = await approver.call<{ results: Array<{ outcome: string; error?: string }> }>('reviewDecide', {
    ids: [reviewId],
    decision: 'approve',
    reason: '',
  });
  const result = decided.data?.results[0];
  if (result?.outcome !== 'approved') throw new Error(`setting change not approved: ${JSON.stringify(decided.data ?? decided.message)}`);
}

/** Changes a setting as `asker` and, when it waits for a second approval, approves it as `approver`; returns the first answer. */
export async function changeSetting(asker: TestClient, approver: TestClient, key: string, value: unknown, reason = 'test') {
  const asked = await asker.call<Updated>('configUpdate', { key, value, reason });
  if (asked.code === 20000 && asked.data?.pendingChange) await approveSettingChange(approver, asked.data.pendingChange.reviewId);
  return asked;
}

/**
 * Sets a setting through the service as staff would, both steps: a maker asks and, for a control
 * setting, a different checker approves on the settingChange queue (neither is a stored staff
 * row, so no account-age rule applies). Throws with the refusal when the value is refused.
 */
export async function setSetting(app: { services: TestApp['services'] }, key: string, value: unknown, reason = 'test'): Promise<void> {
  const maker = { id: 'test-maker', name: 'test-maker', ip: '127.0.0.1', role: 'admin' as const };
  const checker = { id: 'test-checker', name: 'test-checker', ip: '127.0.0.1', role: 'admin' as const };
  const entry = await app.services.settings.update(key, value, reason, maker);
  if (!entry.pendingChange) return;
  const [result] = await app.services.reviews.decide([entry.pendingChange.reviewId], 'approve', undefined, '', checker);
  if (result?.outcome !== 'approved') throw new Error(`setting change ${key} not applied: ${JSON.stringify(result)}`);
}
