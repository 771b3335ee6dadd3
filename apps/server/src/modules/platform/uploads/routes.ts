import type { FastifyInstance } from 'fastify';
import { uploadLimits } from '@pp/contract';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import { tooLarge } from './inspect.ts';
import type { UploadService } from './service.ts';

/** The services this module's routes use, passed in by the composition root so the module imports no other module's insides. */
export interface UploadRoutesDeps {
  routeDeps: RouteDeps;
  uploads: UploadService;
}

export function uploadRoutes(app: FastifyInstance, s: UploadRoutesDeps): void {
  // The one endpoint with a body above the envelope's 1 MiB: the file, base64, in the envelope.
  // A body above even that (a raw camera photo) is answered like any file above the ceiling.
  apiRoute(app, s.routeDeps, 'uploadCreate', async ({ session, body }) => s.uploads.create(session.userId, body), undefined, {
    bodyBytesMax: uploadLimits.uploadBodyBytesMax,
    bodyTooLarge: tooLarge,
  });
  // A file answer is sealed JSON, opened by the portal's script; the route itself makes it a download.
  apiRoute(app, s.routeDeps, 'uploadFile', async ({ session, body }) => s.uploads.read(body.id, session.userId), undefined, { isFileAnswer: true });
  apiRoute(app, s.routeDeps, 'staffUploadFile', async ({ body }) => s.uploads.read(body.id, null), undefined, { isFileAnswer: true });
}
