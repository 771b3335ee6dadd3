/**
 * Deposit keys for tests and the demo only, from a fixed public test seed: never for real money
 * (anyone can derive the private keys). The server itself only ever reads an xpub.
 */
import crypto from 'node:crypto';
import { HDKey } from '@scure/bip32';

/** The fixed test seed: SHA-256 of a public phrase. */
export const testSeed = new Uint8Array(crypto.createHash('sha256').update('points-portal test deposit seed').digest());
/** BIP44 account paths: coin type 60 (Ethereum, BNB Smart Chain) and 195 (TRON). */
export const testAccountPaths = { BEP20: "m/44'/60'/0'", TRC20: "m/44'/195'/0'" } as const;

export function testMaster(): HDKey {
  return HDKey.fromMasterSeed(testSeed);
}

/** The account xpubs an operator would configure: CHAIN_BEP20_XPUB and CHAIN_TRC20_XPUB. */
export function testXpubs(): { BEP20: string; TRC20: string } {
  const master = testMaster();
  return { BEP20: master.derive(testAccountPaths.BEP20).publicExtendedKey, TRC20: master.derive(testAccountPaths.TRC20).publicExtendedKey };
}
