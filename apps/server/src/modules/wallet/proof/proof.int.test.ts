// The proof of liabilities on each database (decision 088): the snapshot of the demo members
// equals the journal's member totals, the registered check of ledger:verify passes and catches a
// tampered leaf, a member's proof from the API verifies in the contract's code and in the
// standalone verifier (docs/proof/verify.mjs), and the visibility setting hides the document from visitors.
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHex, memberProof, verifyProofPath, type MemberProof } from '@pp/contract';
import { dialects, login, makeTestApp, type TestApp } from '../../../../test/helper.ts';
import { setSetting } from '../../../../test/settings.ts';
import { verifyAndRecord } from '../ledger/index.ts';
import { takeSnapshot } from './snapshot.ts';
import { verifyProofSnapshot } from './verify.ts';

const verifier = path.resolve(import.meta.dirname, '../../../../../../docs/proof/verify.mjs');
const subtle = async (data: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));

describe.each(dialects)('proof of liabilities on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers no proof before the first snapshot', async () => {
    t.client.token = await login(t, 'demo', 'Demo@12345');
    const mine = await t.client.call<{ proof: unknown; document: unknown }>('proofMine');
    expect(mine.code).toBe(20000);
    expect(mine.data).toEqual({ proof: null, document: null });
  });

  it('snapshots every member, equal to the journal, and each proof verifies', async () => {
    const db = t.services.dbHandle.db;
    const outcome = await takeSnapshot(t.services.dbHandle, t.services.proofSigner, 'pol-test-1');
    expect(outcome).not.toBeNull();
    const members = await db.selectFrom('ledger_accounts').select('owner').distinct().where('is_system', '=', 0).execute();
    expect(outcome!.memberCount).toBe(members.length);
    expect(await verifyProofSnapshot(db)).toEqual([]);
    const books = await verifyAndRecord(db);
    expect(books.problems).toEqual([]);

    t.client.token = await login(t, 'demo', 'Demo@12345');
    const mine = await t.client.call<{ proof: MemberProof }>('proofMine');
    expect(mine.code).toBe(20000);
    const proof = memberProof.parse(mine.data.proof);
    expect(proof.document.rootHash).toBe(outcome!.rootHash);
    const balances = proof.leaf.balances.map(BigInt);
    expect(balances.some((b) => b > 0n)).toBe(true);
    const root = { hash: fromHex(proof.document.rootHash), sums: proof.document.coins.map((c) => BigInt(proof.document.totals[c]!)) };
    const steps = proof.path.map((s) => ({ side: s.side, hash: fromHex(s.hash), sums: s.sums.map(BigInt) }));
    const leaf = { memberId: proof.leaf.memberId, salt: fromHex(proof.leaf.salt), balances };
    expect((await verifyProofPath(leaf, steps, root, subtle)).ok).toBe(true);

    // The standalone verifier, on the file the portal downloads.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-proof-'));
    const file = path.join(dir, 'proof.json');
    fs.writeFileSync(file, JSON.stringify(proof));
    expect(execFileSync(process.execPath, [verifier, file], { encoding: 'utf8' })).toContain('1 proof(s) verified');
    const lowered = { ...proof, leaf: { ...proof.leaf, balances: proof.leaf.balances.map((b) => (b === '0' ? b : String(BigInt(b) - 1n))) } };
    fs.writeFileSync(file, JSON.stringify(lowered));
    const refused = spawnSync(process.execPath, [verifier, file], { encoding: 'utf8' });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toContain('FAIL');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the public document follows the visibility setting', async () => {
    t.client.token = null;
    const open = await t.client.call<{ visibility: string; document: { rootHash: string } | null }>('proofPublished');
    expect(open.data.visibility).toBe('public');
    expect(open.data.document?.rootHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.app.inject({ method: 'GET', url: '/proof-of-liabilities.json' })).statusCode).toBe(200);
    await setSetting(t, 'features.proofPublic', false);
    const closed = await t.client.call<{ visibility: string; document: unknown }>('proofPublished');
    expect(closed.data).toEqual({ visibility: 'members', document: null });
    expect((await t.app.inject({ method: 'GET', url: '/proof-of-liabilities.json' })).statusCode).toBe(404);
  });

  it('the registered check catches a leaf changed after publication', async () => {
    const db = t.services.dbHandle.db;
    const leaf = await db
      .selectFrom('proof_leaves')
      .selectAll()
      .where('snapshot_id', '=', 'pol-test-1')
      .orderBy('leaf_index')
      .limit(1)
      .executeTakeFirstOrThrow();
    const balances = (JSON.parse(leaf.balances_json) as string[]).map((b, i) => (i === 0 ? String(BigInt(b) + 1n) : b));
    await db
      .updateTable('proof_leaves')
      .set({ balances_json: JSON.stringify(balances) })
      .where('snapshot_id', '=', 'pol-test-1')
      .where('member_id', '=', leaf.member_id)
      .execute();
    const problems = await verifyProofSnapshot(db);
    expect(problems.join('\n')).toMatch(/add up to|another root hash/);
    expect((await verifyAndRecord(db)).isBalanced).toBe(false);
    await db
      .updateTable('proof_leaves')
      .set({ balances_json: leaf.balances_json })
      .where('snapshot_id', '=', 'pol-test-1')
      .where('member_id', '=', leaf.member_id)
      .execute();
    expect(await verifyProofSnapshot(db)).toEqual([]);
  });
});
