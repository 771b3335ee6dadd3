import type { FastifyInstance } from 'fastify';
import { proofDocumentPath } from '@pp/contract';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import type { ProofService } from './service.ts';

/** The services this module's routes use, passed in by the composition root. */
export interface ProofRoutesDeps {
  routeDeps: RouteDeps;
  settings: ConfigService;
  proof: ProofService;
}

export function proofRoutes(app: FastifyInstance, s: ProofRoutesDeps): void {
  // Staff choose whether visitors see the document (features.proofPublic); members always do.
  apiRoute(app, s.routeDeps, 'proofPublished', async () => {
    const isPublic = await s.settings.get('features.proofPublic');
    return { visibility: isPublic ? ('public' as const) : ('members' as const), document: isPublic ? await s.proof.latestDocument() : null };
  });
  apiRoute(app, s.routeDeps, 'proofMine', async ({ session }) => s.proof.mine(session.userId));
  // The signed document as a file, for anyone who checks it outside the portal (public visibility only).
  app.get(proofDocumentPath, async (_request, reply) => {
    const document = (await s.settings.get('features.proofPublic')) ? await s.proof.latestDocument() : null;
    if (!document) return reply.code(404).send({ error: 'not published' });
    reply.header('cache-control', 'public, max-age=300');
    return document;
  });
}
