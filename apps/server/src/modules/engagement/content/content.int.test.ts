// Proves content and notifications through the API on each database: the language fallback,
// publish and expiry windows, document versions, the sanitizer against a table of hostile
// inputs, banner links and images, notifications made by a deposit approval and read, paging
// ceilings, permissions, and that no input gets a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentLimits } from '@pp/contract';
import type {
  AnnouncementAdminEntry,
  AnnouncementDetail,
  BannerAdminEntry,
  ContentDocument,
  DocumentVersionEntry,
  MediaEntry,
  NotificationEntry,
  ReviewItem,
  UploadInfo,
} from '@pp/contract';
import { dialects, login, makeTestApp, registerMember, staffClient, TestClient, type TestApp } from '../../../../test/helper.ts';
import * as files from '../../../../test/upload-files.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { verifyLedger } from '../../wallet/ledger/index.ts';
import { notify } from '../notifications/index.ts';
import { sanitizeBody } from './sanitize.ts';

type Page<T> = { items: T[]; nextCursor: string | null };

/** Hostile bodies and what must never survive the sanitizer. */
const hostile: Array<[string, string]> = [
  ['<p>hi<script>window.__xss=1</script></p>', '<p>hi</p>'],
  ['<img src=x onerror="window.__xss=1">', ''],
  ['<p onclick="window.__xss=1" onmouseover="x()">t</p>', '<p>t</p>'],
  ['<a href="javascript:window.__xss=1">x</a>', '<a>x</a>'],
  ['<a href=" JaVaScRiPt:window.__xss=1">x</a>', '<a>x</a>'],
  ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
  ['<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
  ['<a href="//evil.example/">x</a>', '<a>x</a>'],
  ['<svg onload="window.__xss=1"><script>alert(1)</script></svg>ok', 'ok'],
  ['<math><mi xlink:href="javascript:alert(1)">m</mi></math>ok', 'ok'],
  ['<p style="background:url(javascript:alert(1))">s</p>', '<p>s</p>'],
  ['<iframe src="https://evil.example"></iframe><b>b</b>', '<b>b</b>'],
  ['<form action="https://evil.example"><input name=a></form>f', 'f'],
  ['<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">', ''],
  ['<style>*{display:none}</style><em>e</em>', '<em>e</em>'],
  ['<a href="/package" onclick="x()">in</a>', '<a href="/package">in</a>'],
  ['<a href="https://example.com/a">out</a>', '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">out</a>'],
];

describe('the sanitizer', () => {
  it.each(hostile)('%s', (input, expected) => {
    expect(sanitizeBody(input)).toBe(expected);
  });
});

describe.each(dialects)('content and notifications on %s', (dialect) => {
  let t: TestApp;
  let m: TestClient;
  let admin: TestClient;
  let viewer: TestClient;
  let finance: TestClient;
  let seq = 0;
  const rid = () => `content-${dialect}-${String(++seq).padStart(10, '0')}`;
  const hour = 3_600_000;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await registerMember(t, 'reader');
    m = new TestClient(t.app, t.serverKey.publicJwk);
    m.token = await login({ ...t, client: m }, 'reader', 'Passw0rd!x');
    admin = await staffClient(t, 'support', 'Support@12345');
    viewer = await staffClient(t, 'viewer', 'Viewer@12345');
    finance = await staffClient(t, 'finance', 'Finance@12345');
  });
  afterAll(async () => {
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it('shows an announcement in the reader language, else zh-CN, else another language', async () => {
    const saved = await admin.call<AnnouncementAdminEntry>('announcementSave', {
      translations: { 'zh-CN': { title: '维护通知', body: '<p>今晚维护</p>' }, 'en-US': { title: 'Maintenance', body: '<p>Tonight</p>' } },
      isPinned: false,
      publishAt: Date.now() - 1000,
      expiresAt: null,
    });
    expect(saved.code, saved.message).toBe(20000);
    m.lang = 'en-US';
    const en = await m.call<Page<{ id: string; title: string; lang: string }>>('announcementList', {});
    expect(en.data.items.find((i) => i.id === saved.data.id)).toMatchObject({ title: 'Maintenance', lang: 'en-US' });
    m.lang = 'ja-JP';
    const ja = await m.call<AnnouncementDetail>('announcementDetail', { id: saved.data.id });
    expect(ja.data).toMatchObject({ title: '维护通知', lang: 'zh-CN', bodyHtml: '<p>今晚维护</p>' });
    // Only Indonesian written: every reader gets it.
    const idOnly = await admin.call<AnnouncementAdminEntry>('announcementSave', {
      translations: { 'id-ID': { title: 'Pemberitahuan', body: 'x' } },
      isPinned: false,
      publishAt: Date.now() - 1000,
      expiresAt: null,
    });
    expect((await m.call<AnnouncementDetail>('announcementDetail', { id: idOnly.data.id })).data).toMatchObject({ title: 'Pemberitahuan', lang: 'id-ID' });
    m.lang = 'en-US';
  });

  it('shows announcements only inside their publish window, pinned first, and audits every save', async () => {
    const now = Date.now();
    const make = async (title: string, publishAt: number, expiresAt: number | null, isPinned = false) =>
      (await admin.call<AnnouncementAdminEntry>('announcementSave', { translations: { 'en-US': { title, body: title } }, isPinned, publishAt, expiresAt }))
        .data;
    const future = await make('Future', now + hour, null);
    const expired = await make('Expired', now - 2 * hour, now - hour);
    const pinned = await make('Pinned', now - 3 * hour, now + hour, true);
    const list = (await m.call<Page<{ id: string; title: string; isPinned: boolean }>>('announcementList', { pageSize: 50 })).data.items;
    expect(list.map((i) => i.id)).not.toContain(future.id);
    expect(list.map((i) => i.id)).not.toContain(expired.id);
    expect(list[0]).toMatchObject({ id: pinned.id, isPinned: true });
    expect((await m.call('announcementDetail', { id: future.id })).error).toBe('content.notFound');
    expect((await m.call('announcementDetail', { id: expired.id })).error).toBe('content.notFound');
    // Expiry before publishing is refused; a stale version is refused.
    const bad = await admin.call('announcementSave', {
      translations: { 'en-US': { title: 'x', body: '' } },
      isPinned: false,
      publishAt: now,
      expiresAt: now - 1,
    });
    expect(bad.error).toBe('content.expiryBeforePublish');
    expect(bad.field).toBe('expiresAt');
    const edit = {
      id: pinned.id,
      translations: { 'en-US': { title: 'Pinned 2', body: '' } },
      isPinned: true,
      publishAt: pinned.publishAt,
      expiresAt: pinned.expiresAt,
    };
    expect((await admin.call('announcementSave', { ...edit, version: pinned.version })).code).toBe(20000);
    expect((await admin.call('announcementSave', { ...edit, version: pinned.version })).error).toBe('config.staleVersion');
    const audit = await t.services.dbHandle.db.selectFrom('audit_log').select('action').where('target_id', '=', pinned.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['content.announcementSave', 'content.announcementSave']);
    // Deleted: gone for members.
    expect((await admin.call('announcementDelete', { id: pinned.id, reason: 'done' })).code).toBe(20000);
    expect((await m.call('announcementDetail', { id: pinned.id })).error).toBe('content.notFound');
  });

  it('pages announcements by cursor with a ceiling on the page size', async () => {
    const first = await m.call<Page<{ id: string }>>('announcementList', { pageSize: 1 });
    expect(first.data.items).toHaveLength(1);
    expect(first.data.nextCursor).not.toBeNull();
    const second = await m.call<Page<{ id: string }>>('announcementList', { pageSize: 1, cursor: first.data.nextCursor });
    expect(second.data.items[0]!.id).not.toBe(first.data.items[0]!.id);
    expect((await m.call('announcementList', { pageSize: 51 })).error).toBe('request.invalid');
    expect((await m.call('notificationList', { pageSize: 1000 })).error).toBe('request.invalid');
    expect((await admin.call('announcementAdminList', { pageSize: 0 })).error).toBe('request.invalid');
  });

  it('stores sanitized bodies, plain titles and refuses unsafe banner links', async () => {
    const saved = await admin.call<AnnouncementAdminEntry>('announcementSave', {
      translations: {
        'en-US': { title: '<img src=x onerror=alert(1)>\u0007T', body: '<p>ok<script>window.__xss=1</script><a href="javascript:alert(1)">l</a></p>' },
      },
      isPinned: false,
      publishAt: Date.now() - 1000,
      expiresAt: null,
    });
    // A title is text; React escapes it. Control characters go.
    expect(saved.data.translations['en-US']).toEqual({ title: '<img src=x onerror=alert(1)> T', body: '<p>ok<a>l</a></p>' });
    const image = await admin.call<UploadInfo>('contentImageUpload', {
      fileName: '<script>x</script>.png',
      content: (await files.plainPng()).toString('base64'),
    });
    expect(image.code, image.message).toBe(20000);
    expect(image.data.fileName).not.toMatch(/[<>]/);
    for (const linkUrl of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'vbscript:x',
      'https://',
      '/\\evil',
      'java\tscript:x',
    ]) {
      const refused = await admin.call('bannerSave', {
        translations: { 'en-US': { title: 'B', imageId: image.data.id, linkUrl } },
        sortOrder: 1,
        isActive: true,
        publishAt: 0,
        expiresAt: null,
      });
      expect(refused.error, linkUrl).toBe('request.invalid');
      expect(refused.validation, linkUrl).toBe('validation.linkUnsafe');
    }
    // A PDF and an SVG are not banner images; an id not uploaded for content is refused.
    expect((await admin.call('contentImageUpload', { fileName: 'a.pdf', content: files.cleanPdf().toString('base64') })).error).toBe('content.imageOnly');
    expect((await admin.call('contentImageUpload', { fileName: 'a.svg', content: files.svgImage.toString('base64') })).error).toMatch(/^upload\./);
    const memberFile = await m.call<UploadInfo>('uploadCreate', { fileName: 'r.png', content: (await files.plainPng()).toString('base64') });
    expect(
      (
        await admin.call('bannerSave', {
          translations: { 'en-US': { title: 'B', imageId: memberFile.data.id, linkUrl: '' } },
          sortOrder: 1,
          isActive: true,
          publishAt: 0,
          expiresAt: null,
        })
      ).error,
    ).toBe('content.invalid');
  });

  it('refuses a banner past the most there may be, saying how many, and keeps that many', async () => {
    const imageId = (await admin.call<UploadInfo>('contentImageUpload', { fileName: 'full.png', content: (await files.plainPng()).toString('base64') })).data
      .id;
    let refused: Awaited<ReturnType<TestClient['call']>> | undefined;
    for (let i = 0; i <= contentLimits.bannersMax && !refused; i++) {
      const answer = await admin.call('bannerSave', {
        translations: { 'en-US': { title: `Full ${i}`, imageId, linkUrl: '' } },
        sortOrder: 1,
        isActive: false,
        publishAt: 0,
        expiresAt: null,
      });
      if (answer.code !== 20000) refused = answer;
    }
    expect(refused?.error).toBe('content.bannersFull');
    expect(refused?.message).toContain(String(contentLimits.bannersMax));
    const live = await t.services.dbHandle.db
      .selectFrom('content_banners')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    expect(Number(live.n)).toBe(contentLimits.bannersMax);
    // Made room again for the tests after this one.
    await t.services.dbHandle.db.updateTable('content_banners').set({ is_deleted: 1 }).where('translations', 'like', '%"Full %').execute();
  });

  it('lists live banners in order and language, and serves only their images', async () => {
    const up = async () =>
      (await admin.call<UploadInfo>('contentImageUpload', { fileName: 'b.png', content: (await files.plainPng(300, 100)).toString('base64') })).data.id;
    const [a, b, hidden] = [await up(), await up(), await up()];
    const save = async (body: object) => (await admin.call<BannerAdminEntry>('bannerSave', body)).data;
    const second = await save({
      translations: { 'en-US': { title: 'Second', imageId: b, linkUrl: 'https://example.com/x' } },
      sortOrder: 2,
      isActive: true,
      publishAt: 0,
      expiresAt: null,
    });
    const first = await save({
      translations: { 'zh-CN': { title: '第一', imageId: a, linkUrl: '/package' } },
      sortOrder: 1,
      isActive: true,
      publishAt: 0,
      expiresAt: null,
    });
    await save({ translations: { 'en-US': { title: 'Off', imageId: hidden, linkUrl: '' } }, sortOrder: 0, isActive: false, publishAt: 0, expiresAt: null });
    const media = await m.call<MediaEntry[]>('appMediaList');
    expect(media.data.map((x) => x.id)).toEqual([first.id, second.id]);
    expect(media.data[0]).toMatchObject({ title: '第一', lang: 'zh-CN', linkUrl: '/package' });
    const img = await m.call<{ mimeType: string; content: string }>('mediaImage', { id: a });
    expect(img.data.mimeType).toBe('image/png');
    expect(Buffer.from(img.data.content, 'base64').subarray(1, 4).toString()).toBe('PNG');
    expect((await m.call('mediaImage', { id: hidden })).error).toBe('content.notFound');
    expect((await m.call('mediaImage', { id: 'nope' })).error).toBe('content.notFound');
    // The uploads cleanup keeps content images however old.
    await t.services.uploads.removeUnused(0, Date.now() + hour);
    expect((await m.call('mediaImage', { id: a })).code).toBe(20000);
  });

  it('publishes documents as versions, each language on its own, with a fallback', async () => {
    // The demo data publishes a white paper (demo/seed.ts); the terms start with none.
    expect((await m.call<ContentDocument>('contentDocument', { kind: 'terms' })).data).toBeNull();
    const v1 = await admin.call<DocumentVersionEntry>('documentPublish', {
      kind: 'terms',
      lang: 'zh-CN',
      baseVersion: 0,
      title: '条款',
      body: '<h2>一</h2><p>文本</p>',
    });
    expect(v1.data.version).toBe(1);
    const v2 = await admin.call<DocumentVersionEntry>('documentPublish', {
      kind: 'terms',
      lang: 'zh-CN',
      baseVersion: 1,
      title: '条款',
      body: '<p>新文本<script>x</script></p>',
    });
    expect(v2.data).toMatchObject({ version: 2, body: '<p>新文本</p>' });
    expect((await admin.call('documentPublish', { kind: 'terms', lang: 'zh-CN', baseVersion: 1, title: 'x', body: 'y' })).error).toBe('config.staleVersion');
    expect((await admin.call('documentPublish', { kind: 'terms', lang: 'zh-CN', baseVersion: 2, title: 'x', body: '<script>only</script>' })).error).toBe(
      'content.bodyEmpty',
    );
    // Public: /terms/reg reads it before sign-in.
    const anon = new TestClient(t.app, t.serverKey.publicJwk);
    anon.lang = 'ko-KP';
    expect((await anon.call<ContentDocument>('contentDocument', { kind: 'terms' })).data).toMatchObject({
      version: 2,
      lang: 'zh-CN',
      bodyHtml: '<p>新文本</p>',
    });
    await admin.call('documentPublish', { kind: 'terms', lang: 'ko-KP', baseVersion: 0, title: '약관', body: '<p>본문</p>' });
    expect((await anon.call<ContentDocument>('contentDocument', { kind: 'terms' })).data).toMatchObject({ version: 1, lang: 'ko-KP', title: '약관' });
    const versions = await admin.call<DocumentVersionEntry[]>('documentVersions', { kind: 'terms', lang: 'zh-CN' });
    expect(versions.data.map((v) => v.version)).toEqual([2, 1]);
  });

  it('lets only content staff write, and members no staff call', async () => {
    const body = { translations: { 'en-US': { title: 'x', body: 'y' } }, isPinned: false, publishAt: 0, expiresAt: null };
    expect((await viewer.call('announcementSave', body)).error).toBe('auth.forbidden');
    expect((await finance.call('documentPublish', { kind: 'terms', lang: 'en-US', baseVersion: 0, title: 'x', body: 'y' })).error).toBe('auth.forbidden');
    expect((await m.call('announcementSave', body)).status).toBe(401);
    expect((await viewer.call('announcementAdminList', {})).code).toBe(20000);
  });

  it('tells the member about an approved deposit, counts it unread, and marks read', async () => {
    m.lang = 'en-US';
    const receiptFileId = (
      await m.call<UploadInfo>('uploadCreate', { fileName: 'receipt.jpg', content: (await files.photoWithExif(900, 700)).toString('base64') })
    ).data.id;
    const made = await m.call<{ number: string }>('deposit', { amount: '120', receiptNumber: 'N-1', receiptFileId, requestId: rid() });
    expect(made.code, made.message).toBe(20000);
    expect((await m.call<{ count: number }>('notificationUnread')).data.count).toBe(0);
    const list = await finance.call<{ items: ReviewItem[] }>('reviewList', { queue: 'bankDeposit', status: 'pending', pageSize: 100 });
    const item = list.data.items.find((i) => i.summary.depositNumber === made.data.number)!;
    expect((await finance.call('reviewDecide', { ids: [item.id], decision: 'approve' })).code).toBe(20000);
    expect((await m.call<{ count: number }>('notificationUnread')).data.count).toBe(1);
    const notes = await m.call<Page<NotificationEntry>>('notificationList', {});
    expect(notes.data.items[0]).toMatchObject({
      type: 'depositCredited',
      params: { amount: '120.000000', coinName: 'USDT', number: made.data.number },
      isRead: false,
    });
    // Another member cannot read it.
    await registerMember(t, 'nosy');
    const nosy = new TestClient(t.app, t.serverKey.publicJwk);
    nosy.token = await login({ ...t, client: nosy }, 'nosy', 'Passw0rd!x');
    expect((await nosy.call('notificationRead', { id: notes.data.items[0]!.id })).error).toBe('notification.notFound');
    expect((await m.call('notificationRead', { id: notes.data.items[0]!.id })).code).toBe(20000);
    expect((await m.call<{ count: number }>('notificationUnread')).data.count).toBe(0);
    const memberId = (await t.services.dbHandle.db.selectFrom('users').select('id').where('user_name', '=', 'reader').executeTakeFirstOrThrow()).id;
    await notify(t.services.dbHandle.db, memberId, 'gradeChanged', { grade: 2 });
    await notify(t.services.dbHandle.db, memberId, 'bonusPaid', { amount: '1.000000', coinName: 'REWARD_POINT', bonusType: 'direct' });
    expect((await m.call<{ count: number }>('notificationUnread')).data.count).toBe(2);
    expect((await m.call<{ count: number }>('notificationReadAll')).data.count).toBe(2);
    expect((await m.call<Page<NotificationEntry>>('notificationList', { isUnreadOnly: true })).data.items).toHaveLength(0);
  });

  it('never lets a notice break the transaction that calls it', async () => {
    const db = t.services.dbHandle.db;
    await inTransaction(db, async (tx) => {
      // An unknown type is dropped with a log line, a bigint parameter kept as text; the transaction goes on.
      await notify(tx, 'member-x', 'nonsense' as never, {});
      await tx.insertInto('content_images').values({ upload_id: 'marker-1', created_at: 1 }).execute();
      await notify(tx, 'member-x', 'gradeChanged', { grade: 1n as unknown as number });
      await tx.schema.createTable('notify_probe').addColumn('a', 'text').execute();
    });
    expect(await db.selectFrom('content_images').select('upload_id').where('upload_id', '=', 'marker-1').executeTakeFirst()).toBeTruthy();
    await db.schema.dropTable('notify_probe').execute();
  });

  it('answers every odd input without a 500', async () => {
    const odd = [
      {},
      { id: '' },
      { id: 'x'.repeat(500) },
      { cursor: '9'.repeat(99) },
      { cursor: '1:99999999999999999:abc' },
      { pageSize: -1 },
      { kind: 'nope' },
      { translations: null },
      { translations: { xx: {} } },
      { publishAt: 1e20 },
      { lang: 'xx' },
    ];
    const names = [
      'announcementList',
      'announcementDetail',
      'contentDocument',
      'appMediaList',
      'mediaImage',
      'notificationList',
      'notificationRead',
      'notificationUnread',
      'notificationReadAll',
    ] as const;
    for (const name of names) for (const body of odd) expect((await m.call(name, body)).status, `${name} ${JSON.stringify(body)}`).toBeLessThan(500);
    const staffNames = [
      'announcementAdminList',
      'announcementSave',
      'announcementDelete',
      'bannerAdminList',
      'bannerSave',
      'bannerDelete',
      'documentVersions',
      'documentPublish',
      'contentImageUpload',
    ] as const;
    for (const name of staffNames) for (const body of odd) expect((await admin.call(name, body)).status, `${name} ${JSON.stringify(body)}`).toBeLessThan(500);
  });
});
