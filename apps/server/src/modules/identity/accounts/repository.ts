/** Queries on members. */
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/index.ts';
import type { UsersTable } from '../../../db/schema.ts';

export type UserRow = Selectable<UsersTable>;

export function nameKey(userName: string): string {
  return userName.trim().toLowerCase();
}

export class AccountRepository {
  constructor(private readonly db: Db) {}

  byId(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** `db`: a write's transaction when the answer decides that write. */
  byName(userName: string, db: Db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('user_name_key', '=', nameKey(userName)).executeTakeFirst();
  }

  byReferralId(referralId: string, db: Db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('referral_id', '=', referralId.trim()).executeTakeFirst();
  }

  async nameOf(id: string | null): Promise<string | null> {
    if (!id) return null;
    const row = await this.db.selectFrom('users').select('user_name').where('id', '=', id).executeTakeFirst();
    return row?.user_name ?? null;
  }
}
