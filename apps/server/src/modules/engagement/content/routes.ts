import type { FastifyInstance } from 'fastify';
import { uploadLimits } from '@pp/contract';
import { actorOf, apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import { tooLarge } from '../../platform/uploads/index.ts';
import type { ContentService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface ContentRoutesDeps {
  routeDeps: RouteDeps;
  content: ContentService;
}

/** Announcements, banners (appMediaList) and documents (decision 023). */
export function contentRoutes(app: FastifyInstance, s: ContentRoutesDeps): void {
  const d = s.routeDeps;
  apiRoute(app, d, 'appMediaList', async ({ lang }) => s.content.mediaList(lang));
  // A banner image is sealed JSON like every answer; should anything render it, it is a download (as uploads).
  apiRoute(app, d, 'mediaImage', async ({ body }) => s.content.mediaImage(body.id), undefined, { isFileAnswer: true });
  apiRoute(app, d, 'announcementList', async ({ body, lang }) => s.content.announcementList(lang, body.cursor, body.pageSize));
  apiRoute(app, d, 'announcementDetail', async ({ body, lang }) => s.content.announcementDetail(lang, body.id));
  apiRoute(app, d, 'contentDocument', async ({ body, lang }) => s.content.document(body.kind, lang));
  apiRoute(app, d, 'helpCentre', async ({ lang }) => s.content.helpCentre(lang));
  // Back-office.
  apiRoute(app, d, 'announcementAdminList', async ({ body }) => s.content.announcementAdminList(body.cursor, body.pageSize));
  apiRoute(app, d, 'announcementSave', async ({ staff, body }) => s.content.announcementSave(actorOf(staff), body));
  apiRoute(app, d, 'announcementDelete', async ({ staff, body }) => {
    await s.content.announcementDelete(actorOf(staff), body.id, body.reason);
    return { ok: true as const };
  });
  apiRoute(app, d, 'bannerAdminList', async () => s.content.bannerAdminList());
  apiRoute(app, d, 'bannerSave', async ({ staff, body }) => s.content.bannerSave(actorOf(staff), body));
  apiRoute(app, d, 'bannerDelete', async ({ staff, body }) => {
    await s.content.bannerDelete(actorOf(staff), body.id, body.reason);
    return { ok: true as const };
  });
  apiRoute(app, d, 'contentImageUpload', async ({ staff, body }) => s.content.imageUpload(actorOf(staff), body), undefined, {
    bodyBytesMax: uploadLimits.uploadBodyBytesMax,
    bodyTooLarge: tooLarge,
  });
  apiRoute(app, d, 'documentVersions', async ({ body }) => s.content.documentVersions(body.kind, body.lang));
  apiRoute(app, d, 'documentPublish', async ({ staff, body }) => s.content.documentPublish(actorOf(staff), body));
}
