/**
 * The BEP20 hot wallet's private key (decision 019): from PAYOUT_BEP20_PRIVATE_KEY, or from the
 * file PAYOUT_BEP20_KEY_FILE names, never from the database. Read once with the rest of the
 * settings (config.ts), below the withdrawals module that signs with it; a bad setting stops the server at start. The key itself is never put in
 * an error message, and the holder below prints as a placeholder, so logging the config (or an
 * object holding it) cannot leak it.
 */
import fs from 'node:fs';

const keyPattern = /^0x[0-9a-fA-F]{64}$/;

/** Holds the key; `reveal()` is the only way to read it (the wallet's signer calls it once). */
export class HotWalletKey {
  readonly #key: `0x${string}`;

  constructor(key: `0x${string}`) {
    this.#key = key;
  }

  reveal(): `0x${string}` {
    return this.#key;
  }

  toString(): string {
    return '[hot wallet key]';
  }

  toJSON(): string {
    return '[hot wallet key]';
  }

  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[hot wallet key]';
  }
}

/**
 * The hot wallet key, or null when none is configured. Refuses: both variables set; a key without
 * CHAIN_BEP20_RPC_URL (it pays on the watcher's chain and token); a key not 0x + 64 hex digits;
 * a key file that cannot be read, or that the group or others may read (POSIX, like ssh refuses a
 * private key file).
 */
export function loadHotWalletKey(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): HotWalletKey | null {
  const inline = env.PAYOUT_BEP20_PRIVATE_KEY ?? '';
  const file = env.PAYOUT_BEP20_KEY_FILE ?? '';
  if (inline === '' && file === '') return null;
  if (inline !== '' && file !== '') throw new Error('set PAYOUT_BEP20_PRIVATE_KEY or PAYOUT_BEP20_KEY_FILE, not both');
  if ((env.CHAIN_BEP20_RPC_URL ?? '') === '')
    throw new Error(
      'the BEP20 hot wallet needs the BEP20 chain: set CHAIN_BEP20_RPC_URL (and its token) with PAYOUT_BEP20_PRIVATE_KEY or PAYOUT_BEP20_KEY_FILE',
    );
  let text = inline;
  if (file !== '') {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      throw new Error(`PAYOUT_BEP20_KEY_FILE ${file} cannot be read`);
    }
    if (!stat.isFile()) throw new Error(`PAYOUT_BEP20_KEY_FILE ${file} is not a file`);
    if (platform !== 'win32' && (stat.mode & 0o077) !== 0) {
      throw new Error(`PAYOUT_BEP20_KEY_FILE ${file} may be read by others (mode ${(stat.mode & 0o777).toString(8)}): chmod 600 it`);
    }
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      throw new Error(`PAYOUT_BEP20_KEY_FILE ${file} cannot be read`);
    }
  }
  const key = text.trim();
  // The message names the variable, never the value: a wrong value may still be a real key.
  if (!keyPattern.test(key))
    throw new Error(`${file !== '' ? 'the file PAYOUT_BEP20_KEY_FILE names' : 'PAYOUT_BEP20_PRIVATE_KEY'} must hold a private key: 0x and 64 hex digits`);
  return new HotWalletKey(key as `0x${string}`);
}
