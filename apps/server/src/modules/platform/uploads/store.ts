/**
 * Where uploaded bytes live (decision 016). The service names every file with a random key and
 * keeps its metadata in the database; a store only keeps bytes under keys. The filesystem store
 * is the default (DATA_DIR/uploads, outside anything the static plugin serves); an
 * S3-compatible bucket is a second implementation of the same three calls.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface UploadStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`; throws when there are none (a programmer or operator error). */
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

/** A fresh random key: 192 bits, hex, so nothing about the member or the file is in the name. */
export function newStorageKey(): string {
  return crypto.randomBytes(24).toString('hex');
}

const keyPattern = /^[0-9a-f]{48}$/;

export class FileUploadStore implements UploadStore {
  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    // Keys are ours, but a key that is not one never becomes a path.
    if (!keyPattern.test(key)) throw new Error('bad storage key');
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // Written beside its place and renamed, so a crash never leaves half a file under the key.
    const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, file);
  }

  get(key: string): Promise<Buffer> {
    return fs.readFile(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }
}
