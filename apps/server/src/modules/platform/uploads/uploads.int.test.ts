// Proves the upload path through the real envelope: hostile files refused (a script named .jpg,
// SVG, oversized and pixel-bomb images), image/HTML polyglots neutralised by re-encoding, PDFs
// with JavaScript stored as new documents without it (the probe's set: pdf-rewrite.int.test.ts),
// every file named by its type, never by the member's label, EXIF and GPS gone from a camera photo, files stored under
// random names outside the web root, and served only to their owner and to staff, as attachments;
// a file above the ceiling, even one whose body is above the call's limit, is told the ceilings;
// the cleanup keeps every upload a module registered a column for (decision 054).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, languages, serverMessage, uploadLimits, type UploadInfo } from '@pp/contract';
import { sealRequest } from '@pp/envelope/node';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import * as files from '../../../../test/upload-files.ts';
import { unusedUploadRetentionMs } from './service.ts';

type FileAnswer = UploadInfo & { content: string };

describe.each(dialects)('uploads on %s', (dialect) => {
  let t: TestApp;
  let owner: TestClient;
  let stranger: TestClient;
  let finance: TestClient;
  const upload = (c: TestClient, bytes: Buffer, fileName = 'receipt.jpg') =>
    c.call<UploadInfo>('uploadCreate', { fileName, content: bytes.toString('base64') });

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await registerMember(t, 'uploader');
    await registerMember(t, 'stranger');
    owner = new TestClient(t.app, t.serverKey.publicJwk);
    owner.token = await login({ ...t, client: owner }, 'uploader', 'Passw0rd!x');
    stranger = new TestClient(t.app, t.serverKey.publicJwk);
    stranger.token = await login({ ...t, client: stranger }, 'stranger', 'Passw0rd!x');
    finance = await staffClient(t, 'finance', 'Finance@12345');
  });
  afterAll(async () => t.close());

  it('re-encodes a camera photo: EXIF and GPS gone, orientation applied, stored under a random name in DATA_DIR/uploads', async () => {
    const photo = await files.photoWithExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect(photo.includes('owner-secret-name')).toBe(true);
    const made = await upload(owner, photo, 'IMG_0001.JPG');
    expect(made.code, made.message).toBe(20000);
    // Orientation 6 turns the 1600 x 1200 photo upright: 1200 wide, 1600 high.
    expect(made.data).toMatchObject({ mimeType: 'image/jpeg', width: 1200, height: 1600, fileName: 'receipt.jpg' });
    const back = await owner.call<FileAnswer>('uploadFile', { id: made.data.id });
    const stored = Buffer.from(back.data.content, 'base64');
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('owner-secret-name')).toBe(false);
    expect(stored.includes('TestCam')).toBe(false);
    const row = await t.services.dbHandle.db.selectFrom('uploads').selectAll().where('id', '=', made.data.id).executeTakeFirstOrThrow();
    expect(row.storage_key).toMatch(/^[0-9a-f]{48}$/);
    const onDisk = path.join(t.config.dataDir, 'uploads', row.storage_key.slice(0, 2), row.storage_key);
    expect(fs.readFileSync(onDisk).equals(stored)).toBe(true);
    expect(fs.statSync(onDisk).mode & 0o077).toBe(0);
    expect(row.sha256).not.toBe(row.original_sha256);
  });

  it('scales a large image down to the stored ceiling', async () => {
    const made = await upload(owner, await files.plainPng(3000, 1000), 'wide.png');
    expect(made.code, made.message).toBe(20000);
    expect(made.data).toMatchObject({ mimeType: 'image/png', width: uploadLimits.uploadImageSidePx, height: 800 });
  });

  it('neutralises image/HTML polyglots: the stored copy is pixels only', async () => {
    for (const [bytes, type] of [
      [await files.pngHtmlPolyglot(), 'image/png'],
      [await files.jpegWithHtmlComment(), 'image/jpeg'],
    ] as const) {
      expect(bytes.includes('<script>')).toBe(true);
      const made = await upload(owner, bytes, 'page.html');
      expect(made.code, made.message).toBe(20000);
      expect(made.data.mimeType).toBe(type);
      const stored = Buffer.from((await owner.call<FileAnswer>('uploadFile', { id: made.data.id })).data.content, 'base64');
      expect(stored.includes('<script')).toBe(false);
      expect(stored.includes('<html')).toBe(false);
    }
  });

  it('refuses what is not a plain raster image or a script-free PDF, whatever its name says', async () => {
    expect(await upload(owner, files.shellScript, 'photo.jpg')).toMatchObject({
      error: 'upload.typeNotAllowed',
      message: 'Only JPEG, PNG or WebP images and PDF files are accepted',
    });
    expect((await upload(owner, files.svgImage, 'receipt.png')).error).toBe('upload.typeNotAllowed');
    expect((await upload(owner, Buffer.from(files.htmlPayload), 'receipt.jpg')).error).toBe('upload.typeNotAllowed');
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload(owner, gif, 'x.gif')).error).toBe('upload.typeNotAllowed');
    // A JPEG cut short after its header is not an image either.
    const photo = await files.photoWithExif(200, 200);
    expect((await upload(owner, photo.subarray(0, 400))).error).toBe('upload.unreadable');
  });

  it('stores PDFs that act (JavaScript plainly, with #xx escapes, in an object stream) as new documents without the action', async () => {
    // The probe's full set, and the refusals, are in pdf-rewrite.int.test.ts.
    for (const bytes of [files.pdfWithJavaScript(), files.pdfWithEscapedJavaScript(), files.pdfWithHiddenJavaScript()]) {
      const made = await upload(owner, bytes, 'statement.pdf');
      expect(made.code, made.message).toBe(20000);
      const stored = Buffer.from((await owner.call<FileAnswer>('uploadFile', { id: made.data.id })).data.content, 'base64');
      for (const word of ['/JavaScript', '/JS', '/OpenAction', 'app.alert']) expect(stored.includes(word), word).toBe(false);
    }
    const clean = await upload(owner, files.cleanPdf(), 'statement.pdf');
    expect(clean.code, clean.message).toBe(20000);
    expect(clean.data).toMatchObject({ mimeType: 'application/pdf', width: null, height: null, fileName: 'receipt.pdf' });
    // Something that only claims to be a PDF further in is refused: it must start with %PDF-.
    expect((await upload(owner, Buffer.concat([Buffer.from('<html>'), files.cleanPdf()]))).error).toBe('upload.typeNotAllowed');
  });

  it('refuses an oversized file before decoding it, and an image declaring too many pixels', async () => {
    // One byte over: its base64 still fits the field, the decoded size does not.
    expect(await upload(owner, Buffer.alloc(uploadLimits.uploadBytesMax + 1, 0xff))).toMatchObject({ error: 'upload.tooLarge' });
    // Half a megabyte over: the body is within the call's limit, the decoded size is not; the answer says the ceilings.
    expect(await upload(owner, Buffer.alloc(uploadLimits.uploadBytesMax + 512 * 1024, 0xff))).toMatchObject({
      error: 'upload.tooLarge',
      message: 'The file is too large (at most 5 MB, 40 megapixels)',
    });
    const bomb = await files.pixelBomb();
    expect(bomb.length).toBeLessThan(uploadLimits.uploadBytesMax);
    expect(await upload(owner, bomb, 'bomb.png')).toMatchObject({ error: 'upload.tooLarge', message: 'The file is too large (at most 5 MB, 40 megapixels)' });
    expect((await owner.call('uploadCreate', { fileName: 'x', content: 'not base64!' })).error).toBe('request.invalid');
  });

  it('answers a raw camera photo above the body limit of the call with the file ceilings in the language of the member, not request.tooLarge', async () => {
    const photo = await files.rawCameraPhoto();
    expect(photo.length).toBeGreaterThan(uploadLimits.uploadBytesMax);
    // Sealed, it is above the upload call's body limit: refused before its body is read.
    const sealedBytes = sealRequest(t.serverKey.publicJwk, endpoints.uploadCreate.path, { fileName: 'IMG_2041.JPG', content: photo.toString('base64') }).body
      .length;
    expect(sealedBytes).toBeGreaterThan(uploadLimits.uploadBodyBytesMax);
    const params = { megabytes: 5, megapixels: 40 };
    const said: Record<string, string> = {};
    for (const lang of languages) {
      owner.lang = lang;
      const answer = await upload(owner, photo, 'IMG_2041.JPG');
      expect(answer, lang).toMatchObject({ status: 200, code: 9001, error: 'upload.tooLarge', params });
      said[lang] = answer.message;
    }
    owner.lang = 'en-US';
    expect(said['en-US']).toBe('The file is too large (at most 5 MB, 40 megapixels)');
    expect(said['zh-CN']).toBe('文件过大（最大 5 MB，40 百万像素）');
    for (const lang of languages) {
      expect(said[lang], lang).toBe(serverMessage(lang, 'errors.upload.tooLarge', params));
      expect(said[lang], lang).toContain('5 MB');
    }
    // The staff's content image upload has the same answer.
    finance.lang = 'ja-JP';
    const staffAnswer = await finance.call('contentImageUpload', { fileName: 'banner.jpg', content: photo.toString('base64') });
    finance.lang = 'en-US';
    expect(staffAnswer).toMatchObject({ error: 'upload.tooLarge', message: serverMessage('ja-JP', 'errors.upload.tooLarge', params) });
  });

  it('takes a body above 1 MiB only on the upload path and only with a live session', async () => {
    const photo = await files.photoWithExif(800, 600);
    const padded = Buffer.concat([photo, Buffer.alloc(1024 * 1024, 7)]);
    const made = await upload(owner, padded);
    expect(made.code, made.message).toBe(20000);
    const anonymous = new TestClient(t.app, t.serverKey.publicJwk);
    expect((await upload(anonymous, padded)).status).toBe(401);
    // Any other endpoint keeps the 1 MiB limit.
    expect((await owner.call('assetsRecordList', { junk: 'x'.repeat(1024 * 1024) })).status).toBe(413);
  });

  it('serves a file to its owner and to staff, as an attachment; another member gets not found', async () => {
    const made = await upload(owner, await files.plainPng());
    const mine = await owner.call<FileAnswer>('uploadFile', { id: made.data.id });
    expect(mine.code).toBe(20000);
    expect(mine.data.mimeType).toBe('image/png');
    expect(await stranger.call('uploadFile', { id: made.data.id })).toMatchObject({ error: 'upload.notFound', data: null });
    expect((await stranger.call('uploadFile', { id: '00000000-0000-0000-0000-000000000000' })).error).toBe('upload.notFound');
    // A member session cannot use the staff path, nor staff the member's.
    expect((await owner.call('staffUploadFile', { id: made.data.id })).status).toBe(401);
    const staff = await finance.call<FileAnswer>('staffUploadFile', { id: made.data.id });
    expect(staff.code).toBe(20000);
    expect(staff.data.content).toBe(mine.data.content);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/app/upload/file',
      headers: { 'content-type': 'application/jose', authorization: `Bearer ${owner.token}`, 'x-login-type': 'USER' },
      payload: 'x.y.z',
    });
    expect(raw.headers['content-disposition']).toMatch(/^attachment/);
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(String(raw.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(String(raw.headers['content-security-policy'])).toContain('sandbox');
  });

  it('names a stored file by the type found in it, never by the label the member sent, for the member and for staff', async () => {
    // receipt<U+202E>gpj.html, page.html, a path: whatever the device called it, a PNG is receipt.png.
    for (const label of ['receipt\u202egpj.html', 'page.html', '..\\..\\evil.exe', '']) {
      const made = await upload(stranger, await files.plainPng(40, 40, '#0a0a0a'), label);
      expect(made.code, made.message).toBe(20000);
      expect(made.data.fileName).toBe('receipt.png');
      expect((await finance.call<FileAnswer>('staffUploadFile', { id: made.data.id })).data.fileName).toBe('receipt.png');
    }
    const webp = await upload(
      stranger,
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
        .webp()
        .toBuffer(),
      'x.exe',
    );
    expect(webp.data).toMatchObject({ mimeType: 'image/webp', fileName: 'receipt.webp' });
    // A row stored before this rule, with a member's label, is named by its type when read.
    await t.services.dbHandle.db.updateTable('uploads').set({ file_name: 'old\u202egpj.html' }).where('id', '=', webp.data.id).execute();
    expect((await finance.call<FileAnswer>('staffUploadFile', { id: webp.data.id })).data.fileName).toBe('receipt.webp');
    expect((await stranger.call<FileAnswer>('uploadFile', { id: webp.data.id })).data.fileName).toBe('receipt.webp');
  });

  it('removes uploads no deposit names after a day, bytes and row, and keeps the rest', async () => {
    const unused = await upload(owner, await files.plainPng(50, 50, '#101010'));
    const used = await upload(owner, await files.plainPng(60, 60, '#202020'));
    const deposit = await owner.call('deposit', {
      amount: '50',
      receiptNumber: 'CLEAN-1',
      receiptFileId: used.data.id,
      requestId: 'cleanup-test-request-0001',
    });
    expect(deposit.code, deposit.message).toBe(20000);
    const db = t.services.dbHandle.db;
    const keyOf = async (id: string) => (await db.selectFrom('uploads').select('storage_key').where('id', '=', id).executeTakeFirstOrThrow()).storage_key;
    const unusedFile = path.join(t.config.dataDir, 'uploads', (await keyOf(unused.data.id)).slice(0, 2), await keyOf(unused.data.id));
    expect(fs.existsSync(unusedFile)).toBe(true);
    // Not yet a day old: nothing goes.
    await t.services.uploads.removeUnused(unusedUploadRetentionMs);
    expect((await owner.call('uploadFile', { id: unused.data.id })).code).toBe(20000);
    await t.services.uploads.removeUnused(unusedUploadRetentionMs, Date.now() + unusedUploadRetentionMs + 1);
    expect((await owner.call('uploadFile', { id: unused.data.id })).error).toBe('upload.notFound');
    expect(fs.existsSync(unusedFile)).toBe(false);
    expect((await owner.call('uploadFile', { id: used.data.id })).code).toBe(20000);
    const jobs = await finance.call<Array<{ name: string }>>('jobList');
    expect(jobs.data.map((j) => j.name)).toContain('uploads-cleanup');
  });

  it('has every column of the database that keeps an upload id registered by its module, and no other', async () => {
    // Read from the migrated database, so a new table with an upload id and no registration fails here (decision 054).
    const db = t.services.dbHandle.db;
    const schema = dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]!.name : undefined;
    const tables = (await db.introspection.getTables()).filter((table) => schema === undefined || table.schema === schema);
    expect(tables.map((table) => table.name)).toContain('uploads');
    const inDatabase = tables.flatMap((table) => table.columns.filter((c) => /(^|_)upload_id$/.test(c.name)).map((c) => `${table.name}.${c.name}`)).sort();
    const registered = t.services.uploads.references
      .all()
      .flatMap((r) => r.columns.map((c) => `${r.table}.${c}`))
      .sort();
    expect(inDatabase).toEqual(['bank_deposits.other_upload_id', 'bank_deposits.receipt_upload_id', 'content_images.upload_id', 'support_messages.upload_id']);
    expect(registered).toEqual(inDatabase);
    // A column registered twice is a wiring mistake, refused when the app is built.
    expect(() => t.services.uploads.registerReference({ name: 'again', table: 'content_images', columns: ['upload_id'] })).toThrow(/registered twice/);
  });

  it('never deletes an upload a content image names, neither in the cleanup nor on the delete that re-checks it', async () => {
    const support = await staffClient(t, 'support', 'Support@12345');
    const image = await support.call<UploadInfo>('contentImageUpload', {
      fileName: 'banner.png',
      content: (await files.plainPng(70, 30, '#303030')).toString('base64'),
    });
    expect(image.code, image.message).toBe(20000);
    const db = t.services.dbHandle.db;
    const row = await db.selectFrom('uploads').select(['id', 'storage_key']).where('id', '=', image.data.id).executeTakeFirstOrThrow();
    const onDisk = path.join(t.config.dataDir, 'uploads', row.storage_key.slice(0, 2), row.storage_key);
    // However old, the cleanup keeps it.
    await t.services.uploads.removeUnused(0, Date.now() + 10 * unusedUploadRetentionMs);
    expect((await finance.call('staffUploadFile', { id: image.data.id })).code).toBe(20000);
    // The delete path on its own (what runs when the image was named after the cleanup's select) refuses it too.
    expect(await t.services.uploads.removeIfUnused(row)).toBe(false);
    expect(fs.existsSync(onDisk)).toBe(true);
    expect((await finance.call('staffUploadFile', { id: image.data.id })).code).toBe(20000);
    // A member's old upload named by a content image between the select and the delete stays; once unnamed, it goes.
    const late = await upload(owner, await files.plainPng(80, 80, '#404040'));
    const lateRow = await db.selectFrom('uploads').select(['id', 'storage_key']).where('id', '=', late.data.id).executeTakeFirstOrThrow();
    await db.insertInto('content_images').values({ upload_id: late.data.id, created_at: Date.now() }).execute();
    expect(await t.services.uploads.removeIfUnused(lateRow)).toBe(false);
    expect((await owner.call('uploadFile', { id: late.data.id })).code).toBe(20000);
    await db.deleteFrom('content_images').where('upload_id', '=', late.data.id).execute();
    expect(await t.services.uploads.removeIfUnused(lateRow)).toBe(true);
    expect((await owner.call('uploadFile', { id: late.data.id })).error).toBe('upload.notFound');
  });
});
