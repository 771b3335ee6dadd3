/**
 * `npm run admin:create -- --username NAME [--role admin]`: makes a staff member. The password
 * is read from STAFF_PASSWORD or generated and printed once; the authenticator is enrolled at
 * the first sign-in.
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import { staffRoles, type StaffRole } from '@pp/contract';
import { loadConfig } from '../../../config.ts';
import { migrateToLatest, openDb } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AuditService } from '../../platform/audit/index.ts';
import { LoginThrottle } from '../../../plugins/login-throttle.ts';
import { CaptchaService } from '../captcha/index.ts';
import { SessionService } from '../sessions/index.ts';
import { StaffService } from './service.ts';

const { values } = parseArgs({ options: { username: { type: 'string' }, role: { type: 'string', default: 'admin' } } });
if (!values.username || !/^[A-Za-z0-9_.-]{3,32}$/.test(values.username)) {
  console.error('usage: npm run admin:create -- --username NAME [--role admin|finance|support|viewer]');
  process.exit(2);
}
if (!(staffRoles as readonly string[]).includes(values.role!)) {
  console.error(`role must be one of ${staffRoles.join(', ')}`);
  process.exit(2);
}
const password = process.env.STAFF_PASSWORD ?? crypto.randomBytes(12).toString('base64url');
if (password.length < 10) {
  console.error('STAFF_PASSWORD must have at least 10 characters');
  process.exit(2);
}
const config = loadConfig();
const handle = openDb(config);
try {
  await migrateToLatest(handle);
  const audit = new AuditService(handle.db, handle.dialect);
  const staff = new StaffService(
    handle.db,
    new SessionService(handle.db, config),
    audit,
    new LoginThrottle(handle.db, new CaptchaService(handle.db, config.isCaptchaOn)),
  );
  const id = await staff.create(values.username, password, values.role as StaffRole);
  await inTransaction(handle.db, (tx) =>
    audit.record(
      tx,
      { id: 'cli', name: 'admin:create', ip: 'local' },
      {
        action: 'staff.create',
        targetType: 'staff',
        targetId: id,
        before: null,
        after: { userName: values.username, role: values.role },
        reason: 'created from the command line',
      },
    ),
  );
  console.log(`staff member ${values.username} (${values.role}) created.`);
  if (!process.env.STAFF_PASSWORD) console.log(`password: ${password}  (shown once; the authenticator is set up at the first sign-in)`);
} catch (error) {
  console.error(`could not create the staff member: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await handle.close();
}
