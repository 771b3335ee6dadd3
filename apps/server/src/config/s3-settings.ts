/**
 * The S3-compatible upload bucket's settings (UPLOAD_S3_*; decision 016), read from the environment
 * with the rest of the server's settings (config.ts), below the uploads module that stores into
 * the bucket (modules/platform/uploads/s3-store.ts). Credentials come from the environment only
 * and never appear in an error.
 */

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
