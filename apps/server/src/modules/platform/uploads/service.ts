/**
 * Uploaded files: checked and re-encoded (inspect.ts), stored under a random key (store.ts),
 * described by a row of `uploads`. A file is read back only by its owner or by staff; anyone
 * else, and any id that does not exist, gets the same upload.notFound.
 */
import crypto from 'node:crypto';
import type { UploadInfo, UploadMimeType } from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import type { Database } from '../../../db/schema.ts';
import { num } from '../../../db/index.ts';
import { AppError } from '../../../errors.ts';
import { releaseHit, reserveHit } from '../../../plugins/rate-limit.ts';
import { inspectUpload, tooLarge } from './inspect.ts';
import { newStorageKey, type UploadStore } from './store.ts';
import { UploadReferences, type UploadReference } from './references.ts';
import type { JobDefinition } from '../../../jobs/runner.ts';
import { uploadLimits } from '@pp/contract';

/** Uploads per member per hour: a deposit needs two files; retries and mistakes fit well inside. */
export const uploadsPerHourMax = 30;
const uploadWindowMs = 3_600_000;
/**
 * Images decoded at once by this process: each may hold up to uploadInputPixelsMax pixels in
 * memory while it is re-encoded, so a burst of uploads waits instead of exhausting memory.
 */
const decodesAtOnceMax = 2;

export type UploadRow = NonNullable<Awaited<ReturnType<UploadService['row']>>>;

const extensionOf: Record<UploadMimeType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

/**
 * The name a stored file is known by: "receipt" and the extension of the type found in its
 * content. The member's own file name is never kept or shown: staff saved a file under a
 * member's `receipt.html` and opened it as a page. Rows written before this rule are named the
 * same way when read, whatever their `file_name` says.
 */
export function storedFileName(mimeType: string): string {
  return `receipt.${extensionOf[mimeType as UploadMimeType] ?? 'bin'}`;
}

export class UploadService {
  private decoding = 0;
  private readonly waiting: Array<() => void> = [];

  /** The columns of other modules that keep an upload; each registers its own (decision 054). */
  readonly references = new UploadReferences();

  constructor(
    private readonly db: Db,
    readonly store: UploadStore,
  ) {}

  /** A module that keeps upload ids in a column registers it here when it is built (decision 054). */
  registerReference<T extends keyof Database>(reference: UploadReference<T>): void {
    this.references.register(reference);
  }

  row(id: string, db: Db | Tx = this.db) {
    return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private async withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.decoding >= decodesAtOnceMax) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.decoding++;
    try {
      return await work();
    } finally {
      this.decoding--;
      this.waiting.shift()?.();
    }
  }

  async create(ownerId: string, input: { fileName: string; content: string }): Promise<UploadInfo> {
    const original = Buffer.from(input.content, 'base64');
    if (original.length > uploadLimits.uploadBytesMax) throw tooLarge();
    const reservation = await reserveHit(this.db, `upload:${ownerId}`, uploadWindowMs, uploadsPerHourMax);
    if (!reservation.isReserved) throw new AppError('upload.tooMany', { seconds: Math.max(1, Math.ceil((reservation.resetsAt - Date.now()) / 1000)) });
    let inspected;
    try {
      inspected = await this.withDecodeSlot(() => inspectUpload(original));
    } catch (error) {
      // A refused file does not use up the member's allowance.
      await releaseHit(this.db, reservation);
      throw error;
    }
    const id = crypto.randomUUID();
    const storageKey = newStorageKey();
    await this.store.put(storageKey, inspected.bytes);
    const row = {
      id,
      owner_id: ownerId,
      mime_type: inspected.mimeType,
      byte_size: BigInt(inspected.bytes.length),
      width: inspected.width,
      height: inspected.height,
      file_name: storedFileName(inspected.mimeType),
      storage_key: storageKey,
      sha256: crypto.createHash('sha256').update(inspected.bytes).digest('hex'),
      original_sha256: crypto.createHash('sha256').update(original).digest('hex'),
      created_at: Date.now(),
    };
    try {
      await this.db.insertInto('uploads').values(row).execute();
    } catch (error) {
      await this.store.remove(storageKey);
      throw error;
    }
    return this.info(row);
  }

  info(row: Pick<UploadRow, 'id' | 'mime_type' | 'byte_size' | 'width' | 'height' | 'file_name' | 'created_at'>): UploadInfo {
    return {
      id: row.id,
      mimeType: row.mime_type as UploadMimeType,
      byteSize: num(row.byte_size),
      width: row.width === null ? null : num(row.width),
      height: row.height === null ? null : num(row.height),
      // From the type, not the row: a row stored before may still hold a member's label.
      fileName: storedFileName(row.mime_type),
      createdAt: num(row.created_at),
    };
  }

  /** The member's own file; someone else's is as unknown as one that never existed. */
  async ownedBy(id: string, ownerId: string, db: Db | Tx = this.db): Promise<UploadRow> {
    const row = await this.row(id, db);
    if (!row || row.owner_id !== ownerId) throw new AppError('upload.notFound');
    return row;
  }

  /** The stored file for its owner (`ownerId`) or for staff (null). */
  async read(id: string, ownerId: string | null): Promise<UploadInfo & { content: string }> {
    const row = ownerId === null ? await this.row(id) : await this.ownedBy(id, ownerId);
    if (!row) throw new AppError('upload.notFound');
    const bytes = await this.store.get(row.storage_key);
    const info = this.info(row);
    return { ...info, content: bytes.toString('base64') };
  }

  /**
   * Removes files uploaded more than `olderThanMs` ago that no registered reference names (a
   * photo chosen and then replaced, a form left half filled); the modules that keep upload ids
   * register them with `references` (decision 054). The row goes first, so a file is never named
   * by a row without bytes; a crash between the two leaves an unnamed file, which harms nothing.
   */
  async removeUnused(olderThanMs: number, now = Date.now(), batchMax = 500): Promise<number> {
    const rows = await this.db
      .selectFrom('uploads')
      .select(['id', 'storage_key'])
      .where('created_at', '<', BigInt(now - olderThanMs))
      .where(this.references.unreferenced())
      .limit(batchMax)
      .execute();
    for (const row of rows) await this.removeIfUnused(row);
    return rows.length;
  }

  /**
   * Deletes one upload, row then bytes, unless a registered reference names it by now: a deposit
   * made since the cleanup's select keeps its file, because the delete re-checks in one statement.
   */
  async removeIfUnused(row: Pick<UploadRow, 'id' | 'storage_key'>): Promise<boolean> {
    const gone = await this.db.deleteFrom('uploads').where('id', '=', row.id).where(this.references.unreferenced()).executeTakeFirst();
    if (gone.numDeletedRows !== 1n) return false;
    await this.store.remove(row.storage_key);
    return true;
  }
}

/** Unused uploads are kept a day: long enough for a member to finish the form the next morning. */
export const unusedUploadRetentionMs = 86_400_000;

/** The job of the one-runner mechanism (src/jobs) that removes unused uploads. */
export function uploadCleanupJob(uploads: UploadService): JobDefinition {
  return {
    name: 'uploads-cleanup',
    schedule: '17 * * * *',
    async run() {
      await uploads.removeUnused(unusedUploadRetentionMs);
    },
  };
}
