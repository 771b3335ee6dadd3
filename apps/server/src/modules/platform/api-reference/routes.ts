import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoute, type RouteDeps } from '../../../plugins/api-route.ts';
import type { ConfigService } from '../config/index.ts';
import { apiDocument } from './document.ts';
import { viewerPage, viewerPolicy, viewerScript } from './viewer.ts';

/** The services this module's routes use, passed in by the composition root. */
export interface ApiReferenceRoutesDeps {
  routeDeps: RouteDeps;
  settings: ConfigService;
}

/** Where the page lives; the README and docs/architecture.md name it. */
export const referencePath = '/api-reference/';

interface Asset {
  plain: Buffer;
  gzip: Buffer;
}

function asset(text: string | Buffer): Asset {
  const plain = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  return { plain, gzip: gzipSync(plain) };
}

/** Read when first asked for: most processes never serve the page, and the bundle is 1.1 MB. */
let renderer: Promise<Asset> | null = null;
function rendererBundle(): Promise<Asset> {
  renderer ??= readFile(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js')).then(asset);
  return renderer;
}

let documentAsset: Promise<Asset> | null = null;
function documentFile(): Promise<Asset> {
  documentAsset ??= apiDocument().then(({ text }) => asset(text));
  return documentAsset;
}

const pages = { published: asset(viewerPage('published')), embedded: asset(viewerPage('embedded')) };
const script = asset(viewerScript);

function send(request: FastifyRequest, reply: FastifyReply, body: Asset, type: string, cache: string): FastifyReply {
  const accepts = request.headers['accept-encoding'];
  const gzip = typeof accepts === 'string' && /\bgzip\b(?!;\s*q=0(\.0*)?\b)/i.test(accepts);
  reply.header('content-type', type).header('cache-control', cache).header('vary', 'accept-encoding');
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(gzip ? body.gzip : body.plain);
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Asset): FastifyReply {
  reply.header('content-security-policy', viewerPolicy).header('x-frame-options', 'SAMEORIGIN');
  return send(request, reply, page, 'text/html; charset=utf-8', 'no-cache');
}

export function apiReferenceRoutes(app: FastifyInstance, s: ApiReferenceRoutesDeps): void {
  // Staff read the document through their sealed session whatever the setting says.
  apiRoute(app, s.routeDeps, 'apiReference', async () => (await apiDocument()).document as { openapi: string });

  // Unpublished, the public page and document are the same "not found" as any unknown path.
  const published = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!(await s.settings.get('features.apiReferencePublic'))) return reply.callNotFound();
  };
  app.get('/api-reference', (_request, reply) => reply.redirect(referencePath, 301));
  app.get(referencePath, { preHandler: published }, (request, reply) => sendPage(request, reply, pages.published));
  app.get(`${referencePath}openapi.json`, { preHandler: published }, async (request, reply) =>
    send(request, reply, await documentFile(), 'application/json; charset=utf-8', 'no-cache'),
  );
  // The renderer alone, for the back-office's frame: it shows only what its own parent posts.
  app.get(`${referencePath}embedded`, (request, reply) => sendPage(request, reply, pages.embedded));
  app.get(`${referencePath}viewer.js`, (request, reply) => send(request, reply, script, 'application/javascript; charset=utf-8', 'no-cache'));
  app.get(`${referencePath}redoc.standalone.js`, async (request, reply) =>
    send(request, reply, await rendererBundle(), 'application/javascript; charset=utf-8', 'public, max-age=3600'),
  );
}
