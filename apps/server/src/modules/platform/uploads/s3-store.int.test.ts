// The S3 upload store against a local S3-compatible server (s3rver, speaking the S3 REST protocol
// and parsing each request's Signature V4 Authorization header; it checks the access key but,
// unlike S3 and MinIO, not the signature itself): bytes round-trip under their key, land in the
// bucket, a removed key is gone, an unknown access key is refused by the bucket, and nothing of
// the credentials appears in an error. The settings refuse what is not a usable configuration.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadInfo } from '@pp/contract';
import { login, makeTestApp, registerMember, TestClient } from '../../../../test/helper.ts';
import * as files from '../../../../test/upload-files.ts';
import { newStorageKey } from './store.ts';
import { loadS3Settings, S3UploadStore, type S3Settings } from './s3-store.ts';

let server: S3rver;
let directory: string;
let settings: S3Settings;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'receipts', configs: [] }] });
  const { port } = await server.run();
  settings = loadS3Settings({
    UPLOAD_S3_ENDPOINT: `http://127.0.0.1:${port}`,
    UPLOAD_S3_BUCKET: 'receipts',
    UPLOAD_S3_ACCESS_KEY_ID: 'S3RVER',
    UPLOAD_S3_SECRET_ACCESS_KEY: 'S3RVER',
  })!;
});

afterAll(async () => {
  await server.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('S3UploadStore', () => {
  it('keeps bytes under their key in the bucket and removes them', async () => {
    const store = new S3UploadStore(settings);
    const key = newStorageKey();
    const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(300_000, 7)]);
    await store.put(key, bytes);
    expect((await store.get(key)).equals(bytes)).toBe(true);
    // It is in the bucket's own storage, under the prefix and fan-out directory.
    const stored = fs.readdirSync(path.join(directory, 'receipts', 'uploads', key.slice(0, 2)));
    expect(stored.some((name) => name.startsWith(key))).toBe(true);
    await store.remove(key);
    await expect(store.get(key)).rejects.toThrow(/404 NoSuchKey/);
    // Removing again is fine, as with the filesystem store.
    await store.remove(key);
  });

  it('is refused by the bucket with credentials it does not know, and the error names none', async () => {
    const store = new S3UploadStore({ ...settings, accessKeyId: 'AKIANOTKNOWN', secretAccessKey: 'not-the-secret' });
    const error = await store.put(newStorageKey(), Buffer.from('x')).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toBe('upload store: PUT answered 403 InvalidAccessKeyId');
    expect(error?.message).not.toContain('not-the-secret');
  });

  it('never turns a key that is not ours into an object name', async () => {
    const store = new S3UploadStore(settings);
    await expect(store.get('../../etc/passwd')).rejects.toThrow('bad storage key');
  });

  it('reads its settings from the environment and refuses unusable ones', () => {
    expect(loadS3Settings({})).toBeNull();
    const base = {
      UPLOAD_S3_ENDPOINT: 'https://s3.example.test',
      UPLOAD_S3_BUCKET: 'receipts',
      UPLOAD_S3_ACCESS_KEY_ID: 'a',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'b',
    };
    expect(loadS3Settings(base)).toMatchObject({ region: 'us-east-1', prefix: 'uploads/', isEncrypted: true, timeoutMs: 20_000 });
    expect(() => loadS3Settings({ ...base, UPLOAD_S3_ENDPOINT: 'https://s3.example.test/bucket' })).toThrow(/without a path/);
    expect(() => loadS3Settings({ ...base, UPLOAD_S3_BUCKET: 'Bad_Bucket' })).toThrow(/bucket name/);
    expect(() => loadS3Settings({ ...base, UPLOAD_S3_SECRET_ACCESS_KEY: '' })).toThrow(/needed/);
    expect(() => loadS3Settings({ ...base, UPLOAD_S3_PREFIX: '../x' })).toThrow(/PREFIX/);
    expect(loadS3Settings({ ...base, UPLOAD_S3_SSE: 'off' })!.isEncrypted).toBe(false);
  });
});

describe('uploads through the API with UPLOAD_S3_* set', () => {
  it('stores a receipt in the bucket, nothing under UPLOAD_DIR, and serves it back to its owner', async () => {
    const port = new URL(settings.endpoint).port;
    const t = await makeTestApp('sqlite', {
      UPLOAD_S3_ENDPOINT: `http://127.0.0.1:${port}`,
      UPLOAD_S3_BUCKET: 'receipts',
      UPLOAD_S3_ACCESS_KEY_ID: 'S3RVER',
      UPLOAD_S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_S3_PREFIX: 'app-test/',
    });
    try {
      await registerMember(t, 's3member');
      const member = new TestClient(t.app, t.serverKey.publicJwk);
      member.token = await login({ ...t, client: member }, 's3member', 'Passw0rd!x');
      const photo = await files.photoWithExif();
      const created = await member.call<UploadInfo>('uploadCreate', { fileName: 'receipt.jpg', content: photo.toString('base64') });
      expect(created.code).toBe(20000);
      const served = await member.call<UploadInfo & { content: string }>('uploadFile', { id: created.data.id });
      expect(served.data.mimeType).toBe('image/jpeg');
      expect(
        Buffer.from(served.data.content, 'base64')
          .subarray(0, 3)
          .equals(Buffer.from([0xff, 0xd8, 0xff])),
      ).toBe(true);
      expect(fs.readdirSync(path.join(directory, 'receipts', 'app-test')).length).toBe(1);
      expect(fs.existsSync(t.config.uploadDir)).toBe(false);
    } finally {
      await t.close();
    }
  });
});
