/**
 * Content staff write for every member (decision 023): announcements, banners (appMediaList) and
 * documents with versions. Every save is checked, sanitized (sanitize.ts), written with an
 * optimistic version and audited with the before and the after in one transaction. Members read
 * the live items in their language or a fallback (`pickTranslation` of the contract).
 */
import crypto from 'node:crypto';
import {
  contentLimits,
  isSafeLink,
  languages,
  pickTranslation,
  type AnnouncementAdminEntry,
  type AnnouncementDetail,
  type AnnouncementSave,
  type AnnouncementSummary,
  type BannerAdminEntry,
  type BannerSave,
  type ContentDocument,
  type DocumentKind,
  type DocumentVersionEntry,
  type HelpCentre,
  type Language,
  type MediaEntry,
  type UploadInfo,
} from '@pp/contract';
import type { Db, Tx } from '../../../db/index.ts';
import { num } from '../../../db/index.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../errors.ts';
import { splitHelp } from './help-centre.ts';
import { keysetPage, newestFirst, type Keyset } from '../../../db/keyset.ts';
import type { Actor, AuditService } from '../../platform/audit/index.ts';
import type { UploadService } from '../../platform/uploads/index.ts';
import { sanitizeBody } from './sanitize.ts';

type AnnouncementTranslations = Partial<Record<Language, { title: string; body: string }>>;
type BannerTranslations = Partial<Record<Language, { title: string; imageId: string; linkUrl: string }>>;

/** Only the languages we ship, from JSON written by this module. */
function readTranslations<T>(text: string): Partial<Record<Language, T>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  const out: Partial<Record<Language, T>> = {};
  if (parsed && typeof parsed === 'object') for (const l of languages) if (l in parsed) out[l] = (parsed as Record<string, T>)[l];
  return out;
}

/** Staff's announcements, newest publish time first (decision 052). */
const announcementsAdminPage = newestFirst('announcementAdminList', 'publish_at');
/** Live announcements as members read them: pinned first, then newest first. */
const announcementsPage: Keyset = {
  list: 'announcementList',
  keys: [
    { column: 'is_pinned', kind: 'int' },
    { column: 'publish_at', kind: 'int' },
    { column: 'id', kind: 'id' },
  ],
};

function checkWindow(publishAt: number, expiresAt: number | null): void {
  if (expiresAt !== null && expiresAt <= publishAt) throw new AppError('content.expiryBeforePublish', undefined, 'expiresAt');
}

export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly uploads: UploadService,
  ) {
    // Images staff uploaded for content are kept however old: a banner may name one any time (decision 054).
    uploads.registerReference({ name: 'content.images', table: 'content_images', columns: ['upload_id'] });
  }

  // ------------------------------------------------------------ announcements

  private announcementEntry(row: Awaited<ReturnType<ContentService['announcementRow']>> & object): AnnouncementAdminEntry {
    return {
      id: row.id,
      translations: readTranslations<{ title: string; body: string }>(row.translations),
      isPinned: num(row.is_pinned) === 1,
      publishAt: num(row.publish_at),
      expiresAt: row.expires_at === null ? null : num(row.expires_at),
      version: num(row.version),
      updatedAt: num(row.updated_at),
      updatedBy: row.updated_by,
    };
  }

  private announcementRow(id: string, db: Db | Tx = this.db) {
    return db.selectFrom('content_announcements').selectAll().where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();
  }

  async announcementAdminList(cursor: string | undefined, pageSize: number): Promise<{ items: AnnouncementAdminEntry[]; nextCursor: string | null }> {
    const query = this.db.selectFrom('content_announcements').selectAll().where('is_deleted', '=', 0);
    const { items: page, nextCursor } = await keysetPage(query, announcementsAdminPage, cursor, pageSize);
    return { items: page.map((r) => this.announcementEntry(r)), nextCursor };
  }

  async announcementSave(actor: Actor, input: AnnouncementSave): Promise<AnnouncementAdminEntry> {
    checkWindow(input.publishAt, input.expiresAt);
    const translations: AnnouncementTranslations = {};
    for (const l of languages) {
      const t = input.translations[l];
      if (t) translations[l] = { title: t.title, body: sanitizeBody(t.body) };
    }
    if (Object.keys(translations).length === 0) throw new AppError('content.invalid', { problem: 'titleMissing' });
    const id = await inTransaction(this.db, async (tx) => {
      const now = Date.now();
      const values = {
        translations: JSON.stringify(translations),
        is_pinned: input.isPinned ? 1 : 0,
        publish_at: input.publishAt,
        expires_at: input.expiresAt,
        updated_at: now,
        updated_by: actor.name,
      };
      let before: AnnouncementAdminEntry | null = null;
      let rowId: string;
      if (input.id === undefined) {
        rowId = crypto.randomUUID();
        await tx
          .insertInto('content_announcements')
          .values({ id: rowId, ...values, version: 1, created_at: now })
          .execute();
      } else {
        rowId = input.id;
        const current = await this.announcementRow(rowId, tx);
        if (!current) throw new AppError('content.notFound');
        before = this.announcementEntry(current);
        const updated = await tx
          .updateTable('content_announcements')
          .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
          .where('id', '=', rowId)
          .where('version', '=', input.version ?? num(current.version))
          .executeTakeFirst();
        if (updated.numUpdatedRows !== 1n) throw new AppError('config.staleVersion');
      }
      const after = this.announcementEntry((await this.announcementRow(rowId, tx))!);
      await this.audit.record(tx, actor, { action: 'content.announcementSave', targetType: 'announcement', targetId: rowId, before, after, reason: '' });
      return rowId;
    });
    return this.announcementEntry((await this.announcementRow(id))!);
  }

  async announcementDelete(actor: Actor, id: string, reason: string): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const current = await this.announcementRow(id, tx);
      if (!current) throw new AppError('content.notFound');
      await tx.updateTable('content_announcements').set({ is_deleted: 1, updated_at: Date.now(), updated_by: actor.name }).where('id', '=', id).execute();
      await this.audit.record(tx, actor, {
        action: 'content.announcementDelete',
        targetType: 'announcement',
        targetId: id,
        before: this.announcementEntry(current),
        after: null,
        reason,
      });
    });
  }

  /** Live announcements (published, not expired), pinned first, newest first. */
  async announcementList(
    lang: Language,
    cursor: string | undefined,
    pageSize: number,
    now = Date.now(),
  ): Promise<{ items: AnnouncementSummary[]; nextCursor: string | null }> {
    const query = this.db
      .selectFrom('content_announcements')
      .select(['id', 'translations', 'is_pinned', 'publish_at'])
      .where('is_deleted', '=', 0)
      .where('publish_at', '<=', BigInt(now))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', BigInt(now))]));
    const { items: page, nextCursor } = await keysetPage(query, announcementsPage, cursor, pageSize);
    const items: AnnouncementSummary[] = [];
    for (const r of page) {
      const picked = pickTranslation(readTranslations<{ title: string; body: string }>(r.translations), lang);
      if (picked) items.push({ id: r.id, title: picked.value.title, lang: picked.lang, isPinned: num(r.is_pinned) === 1, publishAt: num(r.publish_at) });
    }
    return { items, nextCursor };
  }

  async announcementDetail(lang: Language, id: string, now = Date.now()): Promise<AnnouncementDetail> {
    const row = await this.announcementRow(id);
    const isLive = row && num(row.publish_at) <= now && (row.expires_at === null || num(row.expires_at) > now);
    const picked = isLive ? pickTranslation(readTranslations<{ title: string; body: string }>(row.translations), lang) : null;
    if (!row || !picked) throw new AppError('content.notFound');
    return {
      id: row.id,
      title: picked.value.title,
      bodyHtml: picked.value.body,
      lang: picked.lang,
      isPinned: num(row.is_pinned) === 1,
      publishAt: num(row.publish_at),
    };
  }

  // ------------------------------------------------------------ banners

  private bannerEntry(row: NonNullable<Awaited<ReturnType<ContentService['bannerRow']>>>): BannerAdminEntry {
    return {
      id: row.id,
      translations: readTranslations<{ title: string; imageId: string; linkUrl: string }>(row.translations),
      sortOrder: num(row.sort_order),
      isActive: num(row.is_active) === 1,
      publishAt: num(row.publish_at),
      expiresAt: row.expires_at === null ? null : num(row.expires_at),
      version: num(row.version),
      updatedAt: num(row.updated_at),
      updatedBy: row.updated_by,
    };
  }

  private bannerRow(id: string, db: Db | Tx = this.db) {
    return db.selectFrom('content_banners').selectAll().where('id', '=', id).where('is_deleted', '=', 0).executeTakeFirst();
  }

  async bannerAdminList(): Promise<BannerAdminEntry[]> {
    const rows = await this.db
      .selectFrom('content_banners')
      .selectAll()
      .where('is_deleted', '=', 0)
      .orderBy('sort_order')
      .orderBy('created_at')
      .limit(contentLimits.bannersMax)
      .execute();
    return rows.map((r) => this.bannerEntry(r));
  }

  /** A staff image for content: checked and re-encoded by the uploads module, raster images only. */
  async imageUpload(actor: Actor, input: { fileName: string; content: string }): Promise<UploadInfo> {
    const info = await this.uploads.create(`staff:${actor.id}`, input);
    if (!info.mimeType.startsWith('image/')) throw new AppError('content.imageOnly');
    await this.db.insertInto('content_images').values({ upload_id: info.id, created_at: Date.now() }).execute();
    return info;
  }

  async bannerSave(actor: Actor, input: BannerSave): Promise<BannerAdminEntry> {
    checkWindow(input.publishAt, input.expiresAt);
    const translations: BannerTranslations = {};
    for (const l of languages) {
      const t = input.translations[l];
      if (!t) continue;
      // The contract checked it already; checked again here because it is the stored truth.
      if (t.linkUrl !== '' && !isSafeLink(t.linkUrl)) throw new AppError('content.invalid', { problem: 'linkUnsafe' });
      translations[l] = { title: t.title, imageId: t.imageId, linkUrl: t.linkUrl };
    }
    const imageIds = [...new Set(Object.values(translations).map((t) => t.imageId))];
    if (imageIds.length === 0) throw new AppError('content.invalid', { problem: 'imageMissing' });
    const known = await this.db.selectFrom('content_images').select('upload_id').where('upload_id', 'in', imageIds).execute();
    if (known.length !== imageIds.length) throw new AppError('content.invalid', { problem: 'imageUnknown' });
    const id = await inTransaction(this.db, async (tx) => {
      const now = Date.now();
      const values = {
        translations: JSON.stringify(translations),
        sort_order: input.sortOrder,
        is_active: input.isActive ? 1 : 0,
        publish_at: input.publishAt,
        expires_at: input.expiresAt,
        updated_at: now,
        updated_by: actor.name,
      };
      let before: BannerAdminEntry | null = null;
      let rowId: string;
      if (input.id === undefined) {
        const count = await tx
          .selectFrom('content_banners')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow();
        if (num(count.n as number) >= contentLimits.bannersMax) throw new AppError('content.bannersFull', { max: contentLimits.bannersMax });
        rowId = crypto.randomUUID();
        await tx
          .insertInto('content_banners')
          .values({ id: rowId, ...values, version: 1, created_at: now })
          .execute();
      } else {
        rowId = input.id;
        const current = await this.bannerRow(rowId, tx);
        if (!current) throw new AppError('content.notFound');
        before = this.bannerEntry(current);
        const updated = await tx
          .updateTable('content_banners')
          .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
          .where('id', '=', rowId)
          .where('version', '=', input.version ?? num(current.version))
          .executeTakeFirst();
        if (updated.numUpdatedRows !== 1n) throw new AppError('config.staleVersion');
      }
      const after = this.bannerEntry((await this.bannerRow(rowId, tx))!);
      await this.audit.record(tx, actor, { action: 'content.bannerSave', targetType: 'banner', targetId: rowId, before, after, reason: '' });
      return rowId;
    });
    return this.bannerEntry((await this.bannerRow(id))!);
  }

  async bannerDelete(actor: Actor, id: string, reason: string): Promise<void> {
    await inTransaction(this.db, async (tx) => {
      const current = await this.bannerRow(id, tx);
      if (!current) throw new AppError('content.notFound');
      await tx.updateTable('content_banners').set({ is_deleted: 1, updated_at: Date.now(), updated_by: actor.name }).where('id', '=', id).execute();
      await this.audit.record(tx, actor, {
        action: 'content.bannerDelete',
        targetType: 'banner',
        targetId: id,
        before: this.bannerEntry(current),
        after: null,
        reason,
      });
    });
  }

  private async liveBanners(now: number) {
    return this.db
      .selectFrom('content_banners')
      .select(['id', 'translations'])
      .where('is_deleted', '=', 0)
      .where('is_active', '=', 1)
      .where('publish_at', '<=', BigInt(now))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', BigInt(now))]))
      .orderBy('sort_order')
      .orderBy('created_at')
      .limit(contentLimits.bannersMax)
      .execute();
  }

  /** appMediaList: the live banners, in order, each in the reader's language or a fallback. */
  async mediaList(lang: Language, now = Date.now()): Promise<MediaEntry[]> {
    const out: MediaEntry[] = [];
    for (const r of await this.liveBanners(now)) {
      const picked = pickTranslation(readTranslations<{ title: string; imageId: string; linkUrl: string }>(r.translations), lang);
      // A stored link is re-checked on the way out too: the portal must never get an unsafe one.
      if (picked)
        out.push({
          id: r.id,
          title: picked.value.title,
          imageId: picked.value.imageId,
          linkUrl: isSafeLink(picked.value.linkUrl) ? picked.value.linkUrl : '',
          lang: picked.lang,
        });
    }
    return out;
  }

  /** A banner image for members: only one a live banner shows; any other id is unknown. */
  async mediaImage(id: string, now = Date.now()): Promise<{ id: string; mimeType: string; content: string }> {
    const isShown = (await this.liveBanners(now)).some((r) =>
      Object.values(readTranslations<{ imageId: string }>(r.translations)).some((t) => t?.imageId === id),
    );
    if (!isShown) throw new AppError('content.notFound');
    const file = await this.uploads.read(id, null);
    return { id: file.id, mimeType: file.mimeType, content: file.content };
  }

  // ------------------------------------------------------------ documents

  /** The FAQ in the reader's language, cut into questions and answers (help-centre.ts). */
  async helpCentre(lang: Language): Promise<HelpCentre> {
    const doc = await this.document('helpCentre', lang);
    if (!doc) return null;
    return { version: doc.version, lang: doc.lang, title: doc.title, publishedAt: doc.publishedAt, ...splitHelp(doc.bodyHtml) };
  }

  /** The newest version of each language of a document kind, then the best one for `lang`. */
  async document(kind: DocumentKind, lang: Language): Promise<ContentDocument> {
    const byLang: Partial<Record<Language, DocumentVersionEntry>> = {};
    for (const l of languages) {
      const row = await this.db
        .selectFrom('content_documents')
        .selectAll()
        .where('kind', '=', kind)
        .where('lang', '=', l)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row) byLang[l] = this.versionEntry(row);
    }
    const picked = pickTranslation(byLang, lang);
    if (!picked) return null;
    const v = picked.value;
    return { kind, version: v.version, lang: picked.lang, title: v.title, bodyHtml: v.body, publishedAt: v.publishedAt };
  }

  private versionEntry(row: {
    kind: string;
    lang: string;
    version: number | bigint;
    title: string;
    body: string;
    published_at: number | bigint;
    published_by: string;
  }): DocumentVersionEntry {
    return {
      kind: row.kind as DocumentKind,
      lang: row.lang as Language,
      version: num(row.version),
      title: row.title,
      body: row.body,
      publishedAt: num(row.published_at),
      publishedBy: row.published_by,
    };
  }

  async documentVersions(kind: DocumentKind, lang: Language): Promise<DocumentVersionEntry[]> {
    const rows = await this.db
      .selectFrom('content_documents')
      .selectAll()
      .where('kind', '=', kind)
      .where('lang', '=', lang)
      .orderBy('version', 'desc')
      .limit(contentLimits.documentVersionsMax)
      .execute();
    return rows.map((r) => this.versionEntry(r));
  }

  /** A new version, made from `baseVersion`; two staff publishing from the same one: one wins. */
  async documentPublish(
    actor: Actor,
    input: { kind: DocumentKind; lang: Language; baseVersion: number; title: string; body: string },
  ): Promise<DocumentVersionEntry> {
    const body = sanitizeBody(input.body);
    if (body === '') throw new AppError('content.bodyEmpty', undefined, 'body');
    return inTransaction(this.db, async (tx) => {
      const latest = await tx
        .selectFrom('content_documents')
        .select('version')
        .where('kind', '=', input.kind)
        .where('lang', '=', input.lang)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      const current = latest ? num(latest.version) : 0;
      if (current !== input.baseVersion) throw new AppError('config.staleVersion');
      const row = { kind: input.kind, lang: input.lang, version: current + 1, title: input.title, body, published_at: Date.now(), published_by: actor.name };
      const inserted = await tx
        .insertInto('content_documents')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returning('version')
        .execute();
      if (inserted.length !== 1) throw new AppError('config.staleVersion');
      const entry = this.versionEntry(row);
      await this.audit.record(tx, actor, {
        action: 'content.documentPublish',
        targetType: 'document',
        targetId: `${input.kind}:${input.lang}`,
        before: { version: current },
        after: entry,
        reason: '',
      });
      return entry;
    });
  }
}
