/**
 * Security headers on every answer, the two apps and the API alike (helmet's plus a
 * Permissions-Policy, which helmet does not set); the apps' scripts and stylesheets get only those
 * that mean something on a subresource. The Content-Security-Policy allows no inline
 * script but the built pages' own (by hash), no eval and no framing: both apps load only their own hashed files, talk only to their
 * own origin, and show images from their own origin or data:/blob: URLs (captcha, QR codes,
 * receipt previews). Inline style attributes are not allowed either; React's style props are set
 * through the CSSOM, which the policy does not govern.
 * HSTS belongs to the TLS proxy in front (docs/deployment.md), not to this plain-HTTP server.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  // The back-office frames the API reference (its own origin); every other page refuses framing.
  'frame-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
} as const;

/** Browser features neither app uses, switched off for the page and anything it embeds. */
export const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'interest-cohort=()',
].join(', ');

/**
 * The policy with the origins a third-party live-chat widget needs (LIVE_CHAT_ORIGINS, decision
 * 024): its script, the frames, images, styles and connections it opens. Without any, the policy
 * is `contentSecurityPolicy` itself.
 */
export function policyWith(origins: readonly string[], scriptHashes: readonly string[] = []): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = { ...contentSecurityPolicy };
  if (origins.length > 0) {
    const widen = ['script-src', 'style-src', 'img-src', 'font-src', 'connect-src', 'frame-src'] as const;
    for (const key of widen) out[key] = [...(contentSecurityPolicy[key] as readonly string[]).filter((v) => v !== "'none'"), ...origins];
  }
  if (scriptHashes.length > 0) out['script-src'] = [...(out['script-src'] ?? []), ...scriptHashes];
  return out;
}

/**
 * The headers helmet sets for `options`, worked out once by running its middleware against a
 * recorder. Ours are the same on every answer (no nonces, no per-request values), and
 * @fastify/helmet, which we used before, ran `helmet(options)` anew for every request: building
 * each middleware and parsing the policy again: measured, 0.04 ms of the server's CPU on every
 * answer (decision 030).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/**
 * The headers that mean something on the apps' scripts and stylesheets. The others govern a
 * document: the CSP (a script or stylesheet is not one, and neither app starts a worker), framing,
 * the opener and agent-cluster policies, the Permissions-Policy, and the legacy ones for old IE and
 * Flash. On a subresource they were about 900 bytes of every answer, and a member's first load
 * asks for about 40 such files: 30 KB or more on a phone network (decision 031).
 */
export const subresourceHeaderNames = ['x-content-type-options', 'cross-origin-resource-policy', 'referrer-policy'] as const;

/**
 * A script or a stylesheet, told by the type of what is being sent (the apps' built files, served
 * by plugins/static.ts with the type of the file actually read), never by the URL: the URL keeps
 * the client's spelling, so `/assets/%2e%2e/index.html?a.js` looked like a script and the page
 * went out without its policy.
 */
export function isSubresourceType(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^(?:text\/css|(?:text|application)\/javascript)\s*(?:;|$)/i.test(contentType);
}

/**
 * `inlineScriptHashes`: the 'sha256-…' sources of the built pages' own inline scripts
 * (plugins/static.ts; the member portal's first paint, decision 028). Only those scripts run;
 * any other inline script is still refused.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  liveChatOrigins: readonly string[] = [],
  inlineScriptHashes: readonly string[] = [],
): Promise<void> {
  const headers: Record<string, string> = {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: policyWith(liveChatOrigins, inlineScriptHashes) as Record<string, string[]> },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'no-referrer' },
      frameguard: { action: 'deny' },
      hsts: false,
    }),
    'permissions-policy': permissionsPolicy,
  };
  const assetHeaders: Record<string, string> = {};
  for (const name of subresourceHeaderNames) {
    const value = headers[name];
    if (value === undefined) throw new Error(`security headers: helmet set no ${name}`);
    assetHeaders[name] = value;
  }
  const documentOnly = Object.keys(headers).filter((name) => !(name in assetHeaders));
  // On every answer, before any route runs: a route may still replace one (uploads set their own policy).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // A script or stylesheet is not a document: the document's headers leave it once its type is known.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (isSubresourceType(reply.getHeader('content-type'))) for (const name of documentOnly) reply.removeHeader(name);
    done(null, payload);
  });
}
