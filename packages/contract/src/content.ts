/**
 * Content and notifications (decision 023).
 *
 * Content is what staff write for every member: announcements, dashboard banners and three edited
 * documents (terms, registration terms, white paper). Each is written per language; a member reads
 * their own language, else zh-CN (the default language), else the first other language in the
 * order of `languages` that has it (`contentLanguageOrder`). Bodies are HTML that the server
 * sanitizes to an allow-list before it stores them; the portal renders only what the server sent.
 *
 * Notifications are per member, made by the system when something the member cares about happens.
 * They are stored as a type and parameters, never as text: the portal words them in the member's
 * language (`notifications.types.<type>` in its locales).
 */
import { z } from 'zod';
import { cursorInput } from './numbers.ts';
import { contentLimits, isSafeLink } from './content-rules.ts';
import { languages } from './languages.ts';
import { uploadCreateRequest, uploadInfo } from './deposits.ts';

export * from './content-rules.ts';

const id = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);
const pageSize = z.number().int().min(1).max(contentLimits.pageSizeMax).default(20);
const timeMs = z.number().int().min(0).max(253_402_300_799_999);
/** Plain text: trimmed, no control characters (a title is never HTML; React escapes it). */
const plainText = (max: number) =>
  z
    .string()
    .max(max, 'validation.textTooLong')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .transform((s) => s.replace(/[\u0000-\u001f\u007f]/g, ' ').trim());
const langKey = z.enum(languages);

// ---------------------------------------------------------------- announcements

export const announcementTranslation = z.object({
  title: plainText(contentLimits.titleCharsMax).pipe(z.string().min(1, 'validation.enterTitle')),
  body: z.string().max(contentLimits.announcementBodyCharsMax, 'validation.textTooLong'),
});
export const announcementSaveRequest = z.object({
  /** Absent for a new announcement. */
  id: id.optional(),
  /** The version read, for a change: a save over a newer one is refused. */
  version: z.number().int().min(1).max(1_000_000).optional(),
  translations: z.partialRecord(langKey, announcementTranslation),
  isPinned: z.boolean(),
  publishAt: timeMs,
  /** Null: shown until staff set an expiry. */
  expiresAt: timeMs.nullable(),
});
export type AnnouncementSave = z.output<typeof announcementSaveRequest>;
export const announcementAdminEntry = z.object({
  id: z.string(),
  /** Sanitized bodies, as stored. */
  translations: z.partialRecord(langKey, z.object({ title: z.string(), body: z.string() })),
  isPinned: z.boolean(),
  publishAt: z.number(),
  expiresAt: z.number().nullable(),
  version: z.number(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type AnnouncementAdminEntry = z.infer<typeof announcementAdminEntry>;
export const announcementAdminListRequest = z.object({ cursor: cursorInput, pageSize });
export const announcementAdminListResponse = z.object({ items: z.array(announcementAdminEntry), nextCursor: z.string().nullable() });
export const announcementDeleteRequest = z.object({ id, reason: z.string().trim().max(500).default('') });

export const announcementListRequest = z.object({ cursor: cursorInput, pageSize });
export const announcementSummary = z.object({
  id: z.string(),
  title: z.string(),
  /** The language shown (the reader's or a fallback). */
  lang: langKey,
  isPinned: z.boolean(),
  publishAt: z.number(),
});
export const announcementListResponse = z.object({ items: z.array(announcementSummary), nextCursor: z.string().nullable() });
export const announcementDetailRequest = z.object({ id });
export const announcementDetail = announcementSummary.extend({ bodyHtml: z.string() });
export type AnnouncementSummary = z.infer<typeof announcementSummary>;
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

// ---------------------------------------------------------------- banners (appMediaList)

export const bannerTranslation = z.object({
  title: plainText(contentLimits.titleCharsMax),
  /** An upload made with contentImageUpload (a checked, re-encoded raster image). */
  imageId: id,
  /** Empty: the banner is not a link. */
  linkUrl: z
    .string()
    .trim()
    .max(contentLimits.linkCharsMax, 'validation.textTooLong')
    .refine((v) => v === '' || isSafeLink(v), 'validation.linkUnsafe'),
});
export const bannerSaveRequest = z.object({
  id: id.optional(),
  version: z.number().int().min(1).max(1_000_000).optional(),
  translations: z.partialRecord(langKey, bannerTranslation),
  sortOrder: z.number().int().min(0).max(10_000),
  isActive: z.boolean(),
  publishAt: timeMs,
  expiresAt: timeMs.nullable(),
});
export type BannerSave = z.output<typeof bannerSaveRequest>;
export const bannerAdminEntry = z.object({
  id: z.string(),
  translations: z.partialRecord(langKey, z.object({ title: z.string(), imageId: z.string(), linkUrl: z.string() })),
  sortOrder: z.number(),
  isActive: z.boolean(),
  publishAt: z.number(),
  expiresAt: z.number().nullable(),
  version: z.number(),
  updatedAt: z.number(),
  updatedBy: z.string(),
});
export type BannerAdminEntry = z.infer<typeof bannerAdminEntry>;
export const bannerAdminListResponse = z.array(bannerAdminEntry);
export const bannerDeleteRequest = z.object({ id, reason: z.string().trim().max(500).default('') });
/** appMediaList: the live banners in the reader's language, in order. */
export const mediaEntry = z.object({ id: z.string(), title: z.string(), imageId: z.string(), linkUrl: z.string(), lang: langKey });
export const mediaListResponse = z.array(mediaEntry);
export type MediaEntry = z.infer<typeof mediaEntry>;
export const mediaImageRequest = z.object({ id });
export const mediaImageResponse = z.object({ id: z.string(), mimeType: z.string(), content: z.string() });
/** A banner image: images only (PDFs are refused for content). */
export const contentImageUploadRequest = uploadCreateRequest;
export const contentImageUploadResponse = uploadInfo;

// ---------------------------------------------------------------- documents

/** `helpCentre`: the FAQ, one question per h2/h3 heading with its answer below it (see `helpCentreResponse`). */
export const documentKinds = ['terms', 'regTerms', 'whitePaper', 'helpCentre'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const documentRequest = z.object({ kind: z.enum(documentKinds) });
/** The current version in the reader's language (or a fallback); null before staff wrote one. */
export const documentResponse = z
  .object({ kind: z.enum(documentKinds), version: z.number(), lang: langKey, title: z.string(), bodyHtml: z.string(), publishedAt: z.number() })
  .nullable();
export type ContentDocument = z.infer<typeof documentResponse>;
export const documentPublishRequest = z.object({
  kind: z.enum(documentKinds),
  lang: langKey,
  /** The version this edit started from (0 for the first): a newer one since is refused. */
  baseVersion: z.number().int().min(0).max(1_000_000),
  title: plainText(contentLimits.titleCharsMax).pipe(z.string().min(1, 'validation.enterTitle')),
  body: z.string().min(1, 'validation.enterBody').max(contentLimits.documentBodyCharsMax, 'validation.textTooLong'),
});
export const documentVersionEntry = z.object({
  kind: z.enum(documentKinds),
  lang: langKey,
  version: z.number(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.number(),
  publishedBy: z.string(),
});
export type DocumentVersionEntry = z.infer<typeof documentVersionEntry>;
export const documentVersionsRequest = z.object({ kind: z.enum(documentKinds), lang: langKey });
export const documentVersionsResponse = z.array(documentVersionEntry);

/**
 * helpCentre: the FAQ document in the reader's language split at its headings: each h2/h3 is a
 * question (plain text) and what follows it, up to the next heading, its answer (sanitized HTML,
 * and the same as plain text for the search box). Text before the first heading is `intro`.
 */
export const helpEntry = z.object({ id: z.string(), question: z.string(), answerHtml: z.string(), answerText: z.string() });
export type HelpEntry = z.infer<typeof helpEntry>;
export const helpCentreResponse = z
  .object({ version: z.number(), lang: langKey, title: z.string(), publishedAt: z.number(), introHtml: z.string(), entries: z.array(helpEntry) })
  .nullable();
export type HelpCentre = z.infer<typeof helpCentreResponse>;

// ---------------------------------------------------------------- notifications

/**
 * What a notification is about. The portal words each one (`notifications.types.<type>`), with
 * its parameters, and links it to the page that shows the thing.
 */
export const notificationTypes = [
  'depositCredited',
  'depositRejected',
  'withdrawalPaid',
  'withdrawalRejected',
  'exchangeApproved',
  'exchangeRejected',
  'packageUnlocked',
  'packageExpired',
  'claimApproved',
  'claimRejected',
  'bonusPaid',
  'gradeChanged',
] as const;
export type NotificationType = (typeof notificationTypes)[number];
/** Parameters: short strings or numbers (amounts as decimal strings, point types, order numbers). */
export type NotificationParams = Record<string, string | number>;
export const notificationParamsMax = 8;
export const notificationParamCharsMax = 100;

export const notificationEntry = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  isRead: z.boolean(),
  createdAt: z.number(),
});
export type NotificationEntry = z.infer<typeof notificationEntry>;
export const notificationListRequest = z.object({ cursor: cursorInput, pageSize, isUnreadOnly: z.boolean().default(false) });
export const notificationListResponse = z.object({ items: z.array(notificationEntry), nextCursor: z.string().nullable() });
export const notificationUnreadResponse = z.object({ count: z.number() });
export const notificationReadRequest = z.object({ id });
export const notificationReadAllResponse = z.object({ count: z.number() });
