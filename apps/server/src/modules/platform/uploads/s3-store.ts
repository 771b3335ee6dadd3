/**
 * Uploaded bytes in an S3-compatible bucket (decision 016): AWS S3, MinIO, Ceph, R2 and the like.
 * Requests are signed with AWS Signature V4 (aws4fetch, on the runtime's fetch and WebCrypto);
 * objects are private (no ACL is ever sent, so the bucket's default, private, holds) and stored
 * with server-side encryption unless the operator turns it off for a server that lacks it. The
 * browser never gets a bucket URL: the server reads the bytes and answers them through the
 * envelope, so the owner-or-staff check stays in one place. Credentials come from the
 * environment only and never appear in an error.
 */
import { AwsClient } from 'aws4fetch';
import type { UploadStore } from './store.ts';
import type { S3Settings } from '../../../config/s3-settings.ts';

// The settings are read with the rest of the server's, below the modules; re-exported for this store's users.
export { loadS3Settings, type S3Settings } from '../../../config/s3-settings.ts';

const keyPattern = /^[0-9a-f]{48}$/;

export class S3UploadStore implements UploadStore {
  private readonly client: AwsClient;

  constructor(private readonly settings: S3Settings) {
    // A few retries on 5xx and network errors: a put is idempotent (same key, same bytes).
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
      retries: 2,
    });
  }

  private urlOf(key: string): string {
    if (!keyPattern.test(key)) throw new Error('bad storage key');
    return `${this.settings.endpoint}/${this.settings.bucket}/${this.settings.prefix}${key.slice(0, 2)}/${key}`;
  }

  private async send(
    key: string,
    init: { method: 'PUT' | 'GET' | 'DELETE'; body?: Uint8Array<ArrayBuffer>; headers?: Record<string, string> },
  ): Promise<Response> {
    const response = await this.client.fetch(this.urlOf(key), { ...init, signal: AbortSignal.timeout(this.settings.timeoutMs) });
    if (!response.ok) {
      // The bucket's error code (NoSuchKey, AccessDenied, SignatureDoesNotMatch), never the request's signature or keys.
      const text = await response.text().catch(() => '');
      const code = /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1] ?? 'error';
      throw new Error(`upload store: ${init.method} answered ${response.status} ${code}`);
    }
    return response;
  }

  async put(key: string, bytes: Buffer): Promise<void> {
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream', 'content-length': String(bytes.length) };
    if (this.settings.isEncrypted) headers['x-amz-server-side-encryption'] = 'AES256';
    // A copy in a plain ArrayBuffer: fetch takes no Node Buffer view of a shared pool.
    const response = await this.send(key, { method: 'PUT', body: new Uint8Array(bytes), headers });
    await response.arrayBuffer();
  }

  async get(key: string): Promise<Buffer> {
    const response = await this.send(key, { method: 'GET' });
    return Buffer.from(await response.arrayBuffer());
  }

  async remove(key: string): Promise<void> {
    // S3 answers 204 for a key that is already gone: removing twice is fine, like the filesystem store.
    const response = await this.send(key, { method: 'DELETE' });
    await response.arrayBuffer();
  }
}
