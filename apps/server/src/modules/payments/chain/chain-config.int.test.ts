// Proves the chain settings are checked at start: an extended private key or a broken key stops
// the server without echoing it, with one line on stderr naming the variable and the reason and
// exit code 1 (no stack trace), a key other than the one the stored addresses came from is
// refused, and with no chain configured the member calls answer a translated error, never a 500.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HDKey } from '@scure/bip32';
import type { ChainHealthEntry } from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import { serverProcessExit } from '../../../../test/process.ts';
import { loadConfig } from '../../../config.ts';
import { base58check } from './derivation.ts';
import { ChainService } from './service.ts';
import { loadChainSettings } from './settings.ts';
import { testMaster, testXpubs } from '../../../../test/chain-test-keys.ts';

const token = '0x55d398326f99059fF775485246999027B3197955';
const bep20 = (xpub: string) => ({ CHAIN_BEP20_RPC_URL: 'http://127.0.0.1:9', CHAIN_BEP20_TOKEN: token, CHAIN_BEP20_XPUB: xpub });

describe('chain settings at start', () => {
  it('refuses an extended private key without repeating it, and a key with a bad checksum', () => {
    const xprv = testMaster().derive("m/44'/60'/0'").privateExtendedKey;
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'test', ...bep20(xprv) });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('privateKey');
    expect(message).not.toContain(xprv.slice(4, 30));
    const xpub = testXpubs().BEP20;
    const broken = xpub.slice(0, 50) + (xpub[50] === 'z' ? 'y' : 'z') + xpub.slice(51);
    expect(() => loadConfig({ NODE_ENV: 'test', ...bep20(broken) })).toThrow(/checksum/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...bep20(HDKey.fromMasterSeed(new Uint8Array(32).fill(7)).publicExtendedKey) })).toThrow(/depth/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...bep20(xpub), CHAIN_BEP20_CONFIRMATIONS: '100000' })).toThrow(/CONFIRMATIONS/);
    expect(() => loadConfig({ NODE_ENV: 'test', CHAIN_BEP20_RPC_URL: 'http://127.0.0.1:9' })).toThrow(/XPUB/);
    expect(() => loadConfig({ NODE_ENV: 'test', ...bep20(xpub), CHAIN_BEP20_TOKEN: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })).toThrow(/not an address/);
    expect(loadConfig({ NODE_ENV: 'test', ...bep20(xpub) }).chains.map((c) => c.chain)).toEqual(['BEP20']);
    expect(loadConfig({ NODE_ENV: 'test' }).chains).toEqual([]);
  });
});

/** The one line a refused setting leaves on stderr, checked to be exactly one line and no stack trace. */
function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at |\.ts:\d|Error:/);
  return lines[0]!;
}

describe('a refused key stops the server process at start', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-chain-config-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints one line naming the variable and the reason, and exits 1, for each reason', async () => {
    const xpub = testXpubs().BEP20;
    const raw = base58check.decode(xpub);
    const testnet = Uint8Array.from(raw);
    testnet.set([0x04, 0x35, 0x87, 0xcf], 0);
    const notPoint = Uint8Array.from(raw);
    notPoint.set(new Uint8Array(32).fill(0xff), 46);
    const xprv = testMaster().derive("m/44'/60'/0'").privateExtendedKey;
    const cases: Array<[string, Record<string, string>, RegExp]> = [
      ['not base58', bep20(`"${xpub}"`), /^CHAIN_BEP20_XPUB is refused: not base58 .*\[notBase58\]$/],
      [
        'bad checksum',
        bep20(xpub.slice(0, 50) + (xpub[50] === 'z' ? 'y' : 'z') + xpub.slice(51)),
        /^CHAIN_BEP20_XPUB is refused: bad checksum .*\[checksum\]$/,
      ],
      ['private key', bep20(xprv), /^CHAIN_BEP20_XPUB is refused: a private key \(xprv\) was given.*\[privateKey\]$/],
      ['wrong version', bep20(base58check.encode(testnet)), /^CHAIN_BEP20_XPUB is refused: wrong version .*\[version\]$/],
      ['wrong depth', bep20(testMaster().publicExtendedKey), /^CHAIN_BEP20_XPUB is refused: wrong depth 0 .*\[depth\]$/],
      ['wrong length', bep20(base58check.encode(raw.subarray(0, 77))), /^CHAIN_BEP20_XPUB is refused: wrong length .*\[length\]$/],
      ['not a curve point', bep20(base58check.encode(notPoint)), /^CHAIN_BEP20_XPUB is refused: the public key is not a point on secp256k1 \[point\]$/],
      [
        'TRC20, an account key of the wrong depth',
        {
          CHAIN_TRC20_RPC_URL: 'http://127.0.0.1:9',
          CHAIN_TRC20_TOKEN: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
          CHAIN_TRC20_XPUB: testMaster().derive("m/44'/195'").publicExtendedKey,
        },
        /^CHAIN_TRC20_XPUB is refused: wrong depth 2 .*\[depth\]$/,
      ],
    ];
    // Two processes at a time: each ends while its settings are read, before the app is loaded.
    const results = new Map<string, { code: number | null; stderr: string }>();
    const queue = [...cases];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) results.set(next[0], await serverProcessExit({ DATA_DIR: dataDir, ...next[1] }));
    };
    await Promise.all([worker(), worker()]);
    for (const [name, env, line] of cases) {
      const result = results.get(name)!;
      expect(result.code, name).toBe(1);
      expect(oneLine(result.stderr), name).toMatch(line);
      // The key itself is never repeated (a private key least of all).
      expect(result.stderr, name).not.toContain(Object.values(env)[2]!.slice(5, 30));
    }
    // Nothing was started: no database was made.
    expect(fs.existsSync(path.join(dataDir, 'portal.db'))).toBe(false);
  }, 120_000);
});

describe.each(dialects)('chain deposits off and key changes on %s', (dialect) => {
  let t: TestApp;
  let off: TestApp;
  let m: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect, bep20(testXpubs().BEP20));
    off = await makeTestApp(dialect);
    const creds = await registerMember(off, 'nochain');
    m = new TestClient(off.app, off.serverKey.publicJwk);
    m.token = await login({ ...off, client: m }, creds.userName, creds.password);
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  it('answers a translated error when a chain is not configured, and staff see it as not configured', async () => {
    const answer = await m.call('depositAddress', { chain: 'TRC20' });
    expect(answer).toMatchObject({ status: 200, code: 9001, error: 'chain.unavailable' });
    expect((await m.call('depositChainList')).data).toEqual([]);
    expect((await m.call('bscDepositRecordList', { pageSize: 51 })).code).toBe(9001);
    // A cursor the server did not make is refused as the cursor field, never a 500 (decision 052).
    expect(await m.call('bscDepositRecordList', { cursor: '9'.repeat(60) })).toMatchObject({
      status: 200,
      code: 9001,
      error: 'request.invalid',
      field: 'cursor',
    });
    const staff = await staffClient(off, 'admin', 'Admin@12345');
    const health = await staff.call<ChainHealthEntry[]>('chainHealth');
    expect(health.data.map((h) => [h.chain, h.isConfigured])).toEqual([
      ['BEP20', false],
      ['TRC20', false],
    ]);
  });

  it('refuses to start on a key other than the one the stored addresses came from', async () => {
    const creds = await registerMember(t, 'keyed');
    const id = (await t.services.accounts.repository.byName(creds.userName))!.id;
    await t.services.chain.addressRow(id, t.services.chain.chains[0]!);
    await expect(t.services.chain.checkStoredKeys()).resolves.toBeUndefined();
    const otherKey = testMaster().derive("m/44'/60'/1'").publicExtendedKey;
    const other = new ChainService(t.services.dbHandle.db, t.services.ledger, t.services.settings, loadChainSettings(bep20(otherKey)));
    await expect(other.checkStoredKeys()).rejects.toThrow(/CHAIN_BEP20_XPUB is refused: not the key/);
    // The server process on this database with the other key: one line, exit 1.
    const refused = await serverProcessExit({
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.services.dbHandle.postgresUrl ?? '',
      ...bep20(otherKey),
    });
    expect(refused.code).toBe(1);
    expect(oneLine(refused.stderr)).toBe(
      'CHAIN_BEP20_XPUB is refused: not the key the stored BEP20 deposit addresses were derived from; restore it (decision 017)',
    );
  });

  it('gives each member one index, however many ask at once', async () => {
    const ids: string[] = [];
    for (const name of ['par1', 'par2', 'par3']) {
      const creds = await registerMember(t, name);
      ids.push((await t.services.accounts.repository.byName(creds.userName))!.id);
    }
    const indexes = await Promise.all([...ids, ...ids].map((id) => t.services.chain.memberIndex(id)));
    expect(new Set(indexes).size).toBe(3);
    expect(indexes.slice(0, 3)).toEqual(indexes.slice(3));
  });
});
