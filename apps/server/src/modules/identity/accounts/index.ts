/** The member accounts module's entry (issue 32): what other modules and the composition root use. */
export { AccountService, txPasswordKey } from './service.ts';
export { type AccountRepository, type UserRow, nameKey } from './repository.ts';
export { verifyPassword, hashPassword } from './passwords.ts';
