// The hot wallet key setting (decision 019): from the variable or a private file, refused when
// both are set, without the BEP20 chain, malformed, or in a file others may read; the key never
// appears in an error message, in JSON or in util.inspect output.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import util from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { loadHotWalletKey } from './hot-wallet-settings.ts';

const key = `0x${'4c'.repeat(32)}`;
const rpc = { CHAIN_BEP20_RPC_URL: 'http://127.0.0.1:8545' };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-hot-wallet-'));

function keyFile(name: string, content: string, mode: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  fs.chmodSync(file, mode);
  return file;
}

function messageOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('hot wallet key setting', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is off when neither variable is set', () => {
    expect(loadHotWalletKey({ ...rpc })).toBeNull();
    expect(loadHotWalletKey({ PAYOUT_BEP20_PRIVATE_KEY: '', PAYOUT_BEP20_KEY_FILE: '' })).toBeNull();
  });

  it('reads the key from the variable and never prints it', () => {
    const held = loadHotWalletKey({ ...rpc, PAYOUT_BEP20_PRIVATE_KEY: key })!;
    expect(held.reveal()).toBe(key);
    expect(JSON.stringify({ config: held })).not.toContain('4c4c');
    expect(util.inspect({ config: held })).not.toContain('4c4c');
    expect(`${held}`).not.toContain('4c4c');
  });

  it('reads the key from a private file (a trailing newline is fine)', () => {
    const file = keyFile('key', `${key}\n`, 0o600);
    expect(loadHotWalletKey({ ...rpc, PAYOUT_BEP20_KEY_FILE: file })!.reveal()).toBe(key);
  });

  it('refuses a key file the group or others may read, without echoing the key', () => {
    for (const mode of [0o640, 0o604, 0o644]) {
      const file = keyFile(`open-${mode.toString(8)}`, key, mode);
      const message = messageOf(() => loadHotWalletKey({ ...rpc, PAYOUT_BEP20_KEY_FILE: file }));
      expect(message).toMatch(/chmod 600/);
      expect(message).not.toContain('4c4c');
    }
    // The check is POSIX's: Windows has no such mode bits.
    const open = keyFile('open-win', key, 0o644);
    expect(loadHotWalletKey({ ...rpc, PAYOUT_BEP20_KEY_FILE: open }, 'win32')!.reveal()).toBe(key);
  });

  it('refuses both variables, a key without the BEP20 chain, a missing file and malformed keys, never echoing them', () => {
    const file = keyFile('both', key, 0o600);
    expect(messageOf(() => loadHotWalletKey({ ...rpc, PAYOUT_BEP20_PRIVATE_KEY: key, PAYOUT_BEP20_KEY_FILE: file }))).toMatch(/not both/);
    const noChain = messageOf(() => loadHotWalletKey({ PAYOUT_BEP20_PRIVATE_KEY: key }));
    expect(noChain).toMatch(/CHAIN_BEP20_RPC_URL/);
    expect(noChain).not.toContain('4c4c');
    expect(messageOf(() => loadHotWalletKey({ ...rpc, PAYOUT_BEP20_KEY_FILE: path.join(dir, 'absent') }))).toMatch(/cannot be read/);
    for (const bad of [
      key.slice(2),
      `${key}00`,
      `0x${'zz'.repeat(32)}`,
      'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
    ]) {
      const message = messageOf(() => loadHotWalletKey({ ...rpc, PAYOUT_BEP20_PRIVATE_KEY: bad }));
      expect(message).toMatch(/0x and 64 hex digits/);
      expect(message).not.toContain(bad);
      const badFile = keyFile('bad', bad, 0o600);
      expect(messageOf(() => loadHotWalletKey({ ...rpc, PAYOUT_BEP20_KEY_FILE: badFile }))).not.toContain(bad);
    }
  });
});
