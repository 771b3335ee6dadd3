import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { proofDocumentPath } from '@pp/contract';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ConfigService } from '../../platform/config/index.ts';
import type { ProofService } from './service.ts';

/** Where the portal's /proof page links the standalone verifier. */
export const proofVerifierPath = '/proof-verify.mjs';

/** docs/proof/verify.mjs of this checkout, found from the source or the built server; null when not deployed with the docs. */
function verifierFile(): string | null {
  for (const start of [import.meta.dirname, process.cwd()]) {
    let dir = start;
    for (let i = 0; i < 8; i += 1) {
      const file = path.join(dir, 'docs', 'proof', 'verify.mjs');
      if (fs.existsSync(file)) return file;
      dir = path.dirname(dir);
    }
  }
  return null;
}

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
  // The standalone verifier, the same file as docs/proof/verify.mjs, downloaded from the /proof page.
  const verifier = verifierFile();
  const verifierText = verifier ? fs.readFileSync(verifier, 'utf8') : null;
  app.get(proofVerifierPath, async (_request, reply) => {
    if (verifierText === null) return reply.code(404).send({ error: 'not deployed' });
    reply.header('cache-control', 'public, max-age=300');
    reply.header('content-disposition', 'attachment; filename="verify.mjs"');
    return reply.type('text/javascript; charset=utf-8').send(verifierText);
  });
}
