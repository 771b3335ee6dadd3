/**
 * The proof of liabilities on the wire (decision 088, docs/proof/README.md): the signed document
 * every snapshot publishes and a member's own proof (their leaf, salt and path). Amounts here are
 * integer minor units (scale 6) as decimal strings, the unit the tree commits to.
 */
import { z } from 'zod';
import { proofFormat, proofPathMax } from './proof-tree.ts';

const minor = z.string().regex(/^\d{1,39}$/);
const hash = z.string().regex(/^[0-9a-f]{64}$/);

/** Who may read the published document: anyone, or signed-in members only (the `proof.visibility` setting). */
export const proofVisibilities = ['public', 'members'] as const;
export type ProofVisibility = (typeof proofVisibilities)[number];

/** Where the server serves the latest signed document as a file (public visibility only). */
export const proofDocumentPath = '/proof-of-liabilities.json';

export const proofDocument = z.object({
  format: z.literal(proofFormat),
  snapshotId: z.string(),
  /** The cut-off as ISO 8601 and as ms since the epoch (the signed form). */
  cutOffAt: z.string(),
  cutOffMs: z.number().int(),
  memberCount: z.number().int(),
  /** The order of every sum and balance in the tree. */
  coins: z.array(z.string()),
  /** Minor units per coin: the root's sums. */
  totals: z.record(z.string(), minor),
  scale: z.literal(6),
  rootHash: hash,
  /** The signing key as a JWK (Ed25519); the same key is printed in docs/proof/README.md. */
  publicKey: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
  /** Ed25519 over `signedText` of this document, base64url. */
  signature: z.string(),
});
export type ProofDocument = z.infer<typeof proofDocument>;

export const proofStep = z.object({ side: z.enum(['left', 'right']), hash, sums: z.array(minor) });

/** A member's proof: what the portal checks and downloads, and what docs/proof/verify.mjs reads. */
export const memberProof = z.object({
  format: z.literal(proofFormat),
  document: proofDocument,
  leaf: z.object({ memberId: z.string(), index: z.number().int(), salt: z.string().regex(/^[0-9a-f]{64}$/), balances: z.array(minor) }),
  path: z.array(proofStep).max(proofPathMax),
});
export type MemberProof = z.infer<typeof memberProof>;

export const proofPublishedResponse = z.object({
  visibility: z.enum(proofVisibilities),
  /** null before the first snapshot, and for visitors when the visibility is `members`. */
  document: proofDocument.nullable(),
});

export const proofMineResponse = z.object({
  /** null before the first snapshot or when the member joined after the latest cut-off. */
  proof: memberProof.nullable(),
  /** The latest document even when the member is not in it. */
  document: proofDocument.nullable(),
});
