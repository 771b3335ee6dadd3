/**
 * Serves the built member app at / and the back-office at /admin/. index.html is read once and
 * the server's public envelope key is written into its meta tag, so the page needs no extra call
 * and no secret lives in the repository.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

function templatedIndex(distDir: string, publicKeyJson: string): string | null {
  const file = path.join(distDir, 'index.html');
  if (!fs.existsSync(file)) return null;
  const escaped = publicKeyJson.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return fs.readFileSync(file, 'utf8').replace('%ENVELOPE_KEY%', escaped);
}

export async function registerStatic(
  app: FastifyInstance,
  options: { webDistDir: string; adminDistDir: string },
): Promise<void> {
  const key = JSON.stringify(app.serverPublicJwk);
  const apps = [
    { prefix: '/', dir: options.webDistDir },
    { prefix: '/admin/', dir: options.adminDistDir },
  ];
  for (const [index, { prefix, dir }] of apps.entries()) {
    const html = templatedIndex(dir, key);
    const sendIndex = async (_request: unknown, reply: import('fastify').FastifyReply) => {
      if (!html) return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build`.');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    };
    app.get(prefix, sendIndex);
    app.get(`${prefix}index.html`, sendIndex);
    if (prefix !== '/') app.get(prefix.slice(0, -1), (_req, reply) => reply.redirect(prefix));
    if (fs.existsSync(dir)) {
      await app.register(fastifyStatic, {
        root: dir,
        prefix,
        index: false,
        wildcard: true,
        // The build writes .br and .gz beside every script and stylesheet.
        preCompressed: true,
        cacheControl: false,
        decorateReply: index === 0,
        setHeaders(res, filePath) {
          // Vite puts a content hash in every asset name, so those never change.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
  }
}
