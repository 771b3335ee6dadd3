/**
 * The key that signs every published proof-of-liabilities document (Ed25519, decision 088). Kept
 * like the server's other keys: PROOF_SIGNING_KEY (a private JWK as JSON) or, when empty, the file
 * DATA_DIR/proof-signing-key.json (mode 0600), made on first use; every process of one deployment
 * reads the same file or variable. Its public half is in every document and in docs/proof/README.md.
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { signedText, type ProofDocument } from '@pp/contract';
import { newOkpKeyPair } from '@pp/envelope/node';
import { DamagedFileError, readJsonFile, writeFileDurably } from '../../../lib/durable-file.ts';

export interface ProofKeySettings {
  proofSigningKey: string;
  dataDir: string;
}

type Jwk = { kty: string; crv: string; x: string; d: string };

function loadJwk(settings: ProofKeySettings): Jwk {
  if (settings.proofSigningKey) return JSON.parse(settings.proofSigningKey) as Jwk;
  const file = path.join(settings.dataDir, 'proof-signing-key.json');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(settings.dataDir, { recursive: true });
    // Made through DER, not exported from the generated KeyObject (newOkpKeyPair: a Node 20 deadlock).
    const { x, d } = newOkpKeyPair('ed25519');
    const jwk = { kty: 'OKP', crv: 'Ed25519', x, d };
    try {
      // Whole or not at all (lib/durable-file.ts): a short key file would stop every later start.
      writeFileDurably(file, JSON.stringify(jwk), { mode: 0o600, exclusive: true });
      return jwk;
    } catch (error) {
      // Another process wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const remedy = 'restore it from the backup of DATA_DIR (published proofs are signed with it), or set PROOF_SIGNING_KEY';
  const jwk = readJsonFile<Jwk>(file, remedy);
  if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || typeof jwk.d !== 'string') throw new DamagedFileError(file, remedy, 'not an Ed25519 private key');
  return jwk;
}

export class ProofSigner {
  private readonly privateKey: KeyObject;
  readonly publicKey: { kty: 'OKP'; crv: 'Ed25519'; x: string };

  constructor(jwk: Jwk) {
    if (jwk.kty !== 'OKP' || jwk.crv !== 'Ed25519' || !jwk.x || !jwk.d) throw new Error('the proof signing key must be an Ed25519 private JWK');
    this.privateKey = crypto.createPrivateKey({ key: jwk, format: 'jwk' });
    this.publicKey = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
  }

  static fromSettings(settings: ProofKeySettings): ProofSigner {
    return new ProofSigner(loadJwk(settings));
  }

  /** The document with its public key and signature (base64url Ed25519 over `signedText`). */
  sign(unsigned: Omit<ProofDocument, 'publicKey' | 'signature'>): ProofDocument {
    const signature = crypto.sign(null, Buffer.from(signedText(unsigned), 'utf8'), this.privateKey).toString('base64url');
    return { ...unsigned, publicKey: this.publicKey, signature };
  }
}

/** Whether a document's signature holds under the key it names (the standalone verifier's check). */
export function documentSignatureHolds(doc: ProofDocument): boolean {
  const key = crypto.createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: doc.publicKey.x }, format: 'jwk' });
  return crypto.verify(null, Buffer.from(signedText(doc), 'utf8'), key, Buffer.from(doc.signature, 'base64url'));
}
