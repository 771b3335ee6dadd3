/**
 * Password hashing with argon2id at the OWASP minimum (19 MiB, 2 passes, 1 lane). A verify for
 * an unknown user runs against a fixed hash, so timing does not tell which names exist.
 */
import { hash, verify } from '@node-rs/argon2';

const argon2Options = { algorithm: 2 /* Argon2id; the package's enum is a const enum */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('not-a-real-password-1');
    await verify(await dummyHash, password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
