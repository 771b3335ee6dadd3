/**
 * The one member lock (decision 044): serializes one member's writes until the transaction ends,
 * so "count, then insert" (destination limits, pending deposits, withdrawal limits) cannot let two
 * parallel requests both pass. PostgreSQL locks the member's row; SQLite runs one write
 * transaction at a time anyway (one connection, one writer).
 */
import type { Dialect } from './dialect.ts';
import type { Tx } from './index.ts';

export async function lockMember(tx: Tx, dialect: Dialect, memberId: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await tx.selectFrom('users').select('id').where('id', '=', memberId).forUpdate().execute();
}
