/**
 * How other modules tell a member something (decision 023): `notify(tx, memberId, type, params)`,
 * one line inside the transaction that moved the money, so the notice exists exactly when the
 * movement committed. It can never break that movement: the parameters are checked and bounded
 * here (a bad one is dropped with a log line, never thrown), and the insert runs inside a
 * savepoint, so even a failing statement is rolled back alone and the caller's transaction goes
 * on. Stored are the type and the parameters; the portal words them in the member's language.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { notificationParamCharsMax, notificationParamsMax, notificationTypes, type NotificationParams, type NotificationType } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';

export interface Notice {
  memberId: string;
  type: NotificationType;
  params?: NotificationParams;
}

/** Where a failed notice is reported (the app's logger once the app is built; stderr before). */
let report: (error: unknown, notice: Partial<Notice>) => void = (error, notice) => {
  process.stderr.write(`notification dropped (${String(notice.type)}): ${error instanceof Error ? error.message : String(error)}\n`);
};
export function setNotificationErrorReporter(fn: typeof report): void {
  report = fn;
}

function rowOf(notice: Notice, now: number) {
  if (!(notificationTypes as readonly string[]).includes(notice.type)) throw new Error(`unknown notification type ${notice.type}`);
  if (typeof notice.memberId !== 'string' || notice.memberId === '') throw new Error('notification without a member');
  const params: NotificationParams = {};
  for (const [key, value] of Object.entries(notice.params ?? {}).slice(0, notificationParamsMax)) {
    if (!/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(key)) continue;
    if (typeof value === 'number' && Number.isFinite(value)) params[key] = value;
    else if (typeof value === 'string') params[key] = value.slice(0, notificationParamCharsMax);
    else if (typeof value === 'bigint') params[key] = String(value).slice(0, notificationParamCharsMax);
  }
  return { id: crypto.randomUUID(), member_id: notice.memberId, type: notice.type, params: JSON.stringify(params), is_read: 0, created_at: now };
}

let savepointSeq = 0;

/** Inserts the rows inside a savepoint when `db` is a transaction; never throws. */
async function insertGuarded(db: Db | Tx, notices: Notice[]): Promise<void> {
  const rows: Array<ReturnType<typeof rowOf>> = [];
  const now = Date.now();
  for (const notice of notices) {
    try {
      rows.push(rowOf(notice, now));
    } catch (error) {
      report(error, notice);
    }
  }
  if (rows.length === 0) return;
  // In member order: each row's trigger adds to its member's unread count (decision 058), so two
  // batches for the same members take those rows' locks in one order and cannot deadlock.
  rows.sort((a, b) => (a.member_id < b.member_id ? -1 : a.member_id > b.member_id ? 1 : 0));
  const name = sql.raw(`notify_${++savepointSeq % 1_000_000}`);
  const isTx = db.isTransaction;
  try {
    if (isTx) await sql`savepoint ${name}`.execute(db);
  } catch (error) {
    report(error, notices[0] ?? {});
    return;
  }
  try {
    for (let i = 0; i < rows.length; i += 200)
      await db
        .insertInto('notifications')
        .values(rows.slice(i, i + 200))
        .execute();
    if (isTx) await sql`release savepoint ${name}`.execute(db);
  } catch (error) {
    report(error, notices[0] ?? {});
    if (isTx) await sql`rollback to savepoint ${name}`.execute(db).catch(() => undefined);
  }
}

/** Tells one member something; call it inside (or right after) the transaction that did it. */
export async function notify(db: Db | Tx, memberId: string, type: NotificationType, params: NotificationParams = {}): Promise<void> {
  await insertGuarded(db, [{ memberId, type, params }]);
}

/** Many notices at once (a batch job): one savepoint, inserts in chunks. */
export async function notifyMany(db: Db | Tx, notices: Notice[]): Promise<void> {
  await insertGuarded(db, notices);
}
