// One way to open a write transaction (decision 044): `inTransaction(db, work, options)` of
// db/transaction.ts. This test reads every production file of the server and fails, naming the
// file and line, when a second way appears: a method or property called `inTransaction` (the
// ledger once had its own), a function of that name declared or imported from anywhere else,
// Kysely's `db.transaction()` or `startTransaction()`, or a raw BEGIN. The few files that open
// one of their own for a reason of their own are listed below with that reason.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files that may begin a transaction themselves, relative to src/, and why. */
const ownTransactions: Readonly<Record<string, string>> = {
  'db/transaction.ts': 'the entry point itself',
  'db/read-snapshot.ts': "the ledger check's read-only snapshot on a connection of its own (decision 066)",
  'db/migrations/one-transaction.ts': "the migrator's steps, run before the server, on SQLite where the migrator opens none",
  'db/migrations/051-payment-keys-to-request-log.ts': 'a migration that has run: its code stays as it ran',
};

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : productionFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** What in one file's source opens a transaction another way, as `line: text`; `file` relative to src/. */
export function secondEntries(file: string, source: string): string[] {
  const found: string[] = [];
  const lines = source.split('\n');
  const mayOpen = file in ownTransactions;
  lines.forEach((line, i) => {
    const at = (why: string) => found.push(`${file}:${i + 1}: ${why}: ${line.trim()}`);
    if (/\.\s*inTransaction\b/.test(line) || /^\s*\.inTransaction\b/.test(line)) at('a method or property called inTransaction');
    if (/\b(?:function|const|let|var|class)\s+inTransaction\b/.test(line)) at('a declaration of inTransaction');
    // A method's header, told from a call at the start of a line by its typed first parameter.
    if (/^\s*(?:(?:public|private|protected|readonly|static|async|override)\s+)*inTransaction\s*(?:<[^>]*>)?\s*\(\s*\w+\s*\??:/.test(line))
      at('a method called inTransaction');
    if (/\binTransaction\s*\??\s*:/.test(line)) at('a property or parameter called inTransaction');
    if (/\bas\s+inTransaction\b/.test(line)) at('another function renamed inTransaction');
    if (!mayOpen && /\.\s*transaction\s*\(\s*\)/.test(line)) at("Kysely's transaction()");
    if (!mayOpen && /\bstartTransaction\s*\(/.test(line)) at("Kysely's startTransaction()");
    if (!mayOpen && /(?:sql`|raw\(\s*['"`])\s*begin\b/i.test(line)) at('a raw BEGIN');
  });
  for (const m of source.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const names = m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]);
    if (names.includes('inTransaction') && !/(^|\/)(db\/)?transaction\.ts$/.test(m[2]!)) found.push(`${file}: inTransaction imported from ${m[2]}`);
  }
  return found;
}

describe('one transaction entry point', () => {
  it('finds no second way to open a transaction in the server', () => {
    const found = productionFiles(srcRoot).flatMap((full) => {
      const file = path.relative(srcRoot, full).split(path.sep).join('/');
      return file === 'db/transaction.ts' ? [] : secondEntries(file, fs.readFileSync(full, 'utf8'));
    });
    expect(found).toEqual([]);
  });

  it('lists only files that exist', () => {
    for (const file of Object.keys(ownTransactions)) expect(fs.existsSync(path.join(srcRoot, file)), file).toBe(true);
  });

  it('tells a second entry point from a use of the one', () => {
    const uses = [
      "import { inTransaction } from '../../../db/transaction.ts';",
      'return inTransaction(this.db, (tx) => work(tx), { groupCommit: true });',
      '    inTransaction(this.handle.db, async (tx) => {',
      'await inTransaction(db, (tx) => x, { isolation: "repeatable read" });',
    ].join('\n');
    expect(secondEntries('modules/x/service.ts', uses)).toEqual([]);
    for (const second of [
      'return this.ledger.inTransaction((tx) => work(tx));',
      '  inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {',
      '    private readonly inTransaction: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>,',
      'export async function inTransaction(work: Work) {',
      "import { inTransaction } from './my-transaction.ts';",
      "import { run as inTransaction } from './my-transaction.ts';",
      'await this.db.transaction().execute(async (tx) => work(tx));',
      'const tx = await db.startTransaction().execute();',
      "await connection.executeQuery(CompiledQuery.raw('begin'));",
      'await sql`BEGIN IMMEDIATE`.execute(db);',
    ])
      expect(secondEntries('modules/x/service.ts', second), second).not.toEqual([]);
  });
});
