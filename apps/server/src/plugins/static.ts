/**
 * Serves the built member app at / and the back-office at /admin/. index.html is read once and
 * the server's public envelope key is written into its meta tag, so the page needs no extra call
 * and no secret lives in the repository. The page is compressed once, at start (it carries the
 * login page in five languages for the first paint, decision 028), and its inline scripts are
 * allowed by their hashes in the Content-Security-Policy (`inlineScriptHashes`).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

function templatedIndex(distDir: string, publicKeyJson: string): string | null {
  const file = path.join(distDir, 'index.html');
  if (!fs.existsSync(file)) return null;
  const escaped = publicKeyJson.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return fs.readFileSync(file, 'utf8').replace('%ENVELOPE_KEY%', escaped);
}

/** The scripts written into the page itself (no src). */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)].filter((m) => !/\ssrc\s*=/i.test(m[1] ?? '')).map((m) => m[2] ?? '');
}

/**
 * The CSP sources ('sha256-…') that allow the inline scripts of the built apps' pages, and
 * nothing else inline. Empty when an app is not built.
 */
export function inlineScriptHashes(distDirs: readonly string[]): string[] {
  const hashes = new Set<string>();
  for (const dir of distDirs) {
    const file = path.join(dir, 'index.html');
    if (!fs.existsSync(file)) continue;
    for (const script of inlineScripts(fs.readFileSync(file, 'utf8'))) {
      hashes.add(`'sha256-${crypto.createHash('sha256').update(script, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

interface Page {
  plain: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

function compressedPage(html: string): Page {
  const plain = Buffer.from(html, 'utf8');
  return {
    plain,
    gzip: gzipSync(plain, { level: 9 }),
    brotli: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}

/** br, then gzip, when the request accepts it (a q=0 refuses). */
function chosenEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  const accepted = new Set(
    (typeof header === 'string' ? header : '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** A static file's path as asked for: no dot segment, no backslash or NUL, not the page template. */
export function isPlainFilePath(pathName: string): boolean {
  if (/[\\\0]/.test(pathName)) return false;
  const segments = pathName.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) return false;
  return path.posix.normalize(pathName) !== '/index.html';
}

export async function registerStatic(app: FastifyInstance, options: { webDistDir: string; adminDistDir: string }): Promise<void> {
  const key = JSON.stringify(app.serverPublicJwk);
  const apps = [
    { prefix: '/', dir: options.webDistDir },
    { prefix: '/admin/', dir: options.adminDistDir },
  ];
  for (const [index, { prefix, dir }] of apps.entries()) {
    const html = templatedIndex(dir, key);
    const page = html === null ? null : compressedPage(html);
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!page) return reply.code(503).type('text/plain').send('The web app is not built: run `npm run build`.');
      const encoding = chosenEncoding(request);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
      if (encoding === null) return reply.send(page.plain);
      return reply.header('content-encoding', encoding).send(encoding === 'br' ? page.brotli : page.gzip);
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
        // Only a file named plainly: a path with a dot segment or a backslash (however it was
        // spelled in the URL; the router hands over the decoded one) and the page template, which
        // is served only through sendIndex with the key written in, are pages that do not exist.
        allowedPath: (pathName: string) => isPlainFilePath(pathName),
        setHeaders(res, filePath) {
          // Vite puts a content hash in every asset name, so those never change.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    }
  }
}
