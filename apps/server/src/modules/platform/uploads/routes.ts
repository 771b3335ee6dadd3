import type { FastifyInstance } from 'fastify';
import { endpointPaths, uploadLimits } from '@pp/contract';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import { tooLarge } from './inspect.ts';
import type { UploadService } from './service.ts';

const filePaths = new Set<string>([endpointPaths.uploadFile, endpointPaths.staffUploadFile]);

/** The services this module's routes use, passed by the composition root (issue 32). */
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
  apiRoute(app, s.routeDeps, 'uploadFile', async ({ session, body }) => s.uploads.read(body.id, session.userId));
  apiRoute(app, s.routeDeps, 'staffUploadFile', async ({ body }) => s.uploads.read(body.id, null));
  // A file answer is sealed JSON, opened by the portal's script; should anything ever render the
  // answer itself, it is a download, never sniffed, and runs nothing (decision 016).
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'POST' && filePaths.has(request.url.split('?')[0] ?? '')) {
      reply.header('content-disposition', 'attachment; filename="file.json"');
      reply.header('x-content-type-options', 'nosniff');
      reply.header('content-security-policy', "default-src 'none'; sandbox; frame-ancestors 'none'");
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
