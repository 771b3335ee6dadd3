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

export interface S3Settings {
  /** http(s)://host[:port], without the bucket; requests use path style (endpoint/bucket/key). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prefix of every object key, e.g. "uploads/". */
  prefix: string;
  /** Sends x-amz-server-side-encryption: AES256 with every put. */
  isEncrypted: boolean;
  timeoutMs: number;
}

const keyPattern = /^[0-9a-f]{48}$/;
const bucketPattern = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** The S3 settings from UPLOAD_S3_*; null when no endpoint is set (the filesystem store is used). */
export function loadS3Settings(env: NodeJS.ProcessEnv): S3Settings | null {
  const endpoint = (env.UPLOAD_S3_ENDPOINT ?? '').replace(/\/+$/, '');
  if (endpoint === '') return null;
  if (!/^https?:\/\/[^/]+$/.test(endpoint)) throw new Error('UPLOAD_S3_ENDPOINT must be http(s)://host[:port] without a path');
  const bucket = env.UPLOAD_S3_BUCKET ?? '';
  if (!bucketPattern.test(bucket)) throw new Error('UPLOAD_S3_BUCKET must be a valid bucket name');
  const accessKeyId = env.UPLOAD_S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.UPLOAD_S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY ?? '';
  if (accessKeyId === '' || secretAccessKey === '')
    throw new Error('UPLOAD_S3_ACCESS_KEY_ID and UPLOAD_S3_SECRET_ACCESS_KEY are needed with UPLOAD_S3_ENDPOINT');
  const prefix = env.UPLOAD_S3_PREFIX ?? 'uploads/';
  if (!/^[A-Za-z0-9/_-]{0,100}$/.test(prefix)) throw new Error('UPLOAD_S3_PREFIX may hold letters, digits, "/", "_" and "-" only');
  const timeout = Number(env.UPLOAD_S3_TIMEOUT_MS ?? 20_000);
  if (!Number.isInteger(timeout) || timeout < 1_000 || timeout > 120_000) throw new Error('UPLOAD_S3_TIMEOUT_MS must be an integer from 1000 to 120000');
  return {
    endpoint,
    bucket,
    region: env.UPLOAD_S3_REGION || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    prefix,
    isEncrypted: (env.UPLOAD_S3_SSE ?? 'on') !== 'off',
    timeoutMs: timeout,
  };
}

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
