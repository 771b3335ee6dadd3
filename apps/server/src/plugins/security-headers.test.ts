import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, isSubresourceType, permissionsPolicy, registerSecurityHeaders } from './security-headers.ts';

describe('security headers', () => {
  it("sets helmet's headers and ours on every answer; a route may still replace one", async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, [], ["'sha256-abc='"]);
    app.get('/page', async () => 'ok');
    app.get('/upload', async (_request, reply) => {
      reply.header('content-security-policy', "default-src 'none'; sandbox");
      return 'ok';
    });
    const page = await app.inject({ method: 'GET', url: '/page' });
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self' 'sha256-abc=';style-src 'self';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'none';form-action 'self';frame-ancestors 'none';frame-src 'self';worker-src 'self';manifest-src 'self'",
    );
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(page.headers['permissions-policy']).toBe(permissionsPolicy);
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['cross-origin-embedder-policy']).toBeUndefined();
    // The 404 answer has them too.
    const missing = await app.inject({ method: 'GET', url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-frame-options']).toBe('DENY');
    const upload = await app.inject({ method: 'GET', url: '/upload' });
    expect(upload.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    await app.close();
  });

  it("gives the apps' scripts and stylesheets only the headers that mean something there", async () => {
    const app = Fastify();
    await registerSecurityHeaders(app);
    // As the static files are: each with the type of the file read.
    const asFile = (request: { url: string }, reply: { type(t: string): { send(p: string): unknown } }) => {
      const file = request.url.split('?')[0]!;
      return reply
        .type(
          file.endsWith('.js')
            ? 'text/javascript; charset=utf-8'
            : file.endsWith('.css')
              ? 'text/css; charset=utf-8'
              : file.endsWith('.png')
                ? 'image/png'
                : 'text/html',
        )
        .send('x');
    };
    app.get('/assets/*', asFile);
    app.get('/admin/assets/*', asFile);
    app.get('/assets-like', async () => 'x');
    for (const url of ['/assets/index-abc.js', '/admin/assets/index-abc.css', '/assets/chunk.js?v=1']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['x-content-type-options'], url).toBe('nosniff');
      expect(answer.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(answer.headers['referrer-policy'], url).toBe('no-referrer');
      for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'cross-origin-opener-policy', 'x-xss-protection']) {
        expect(answer.headers[name], `${url} ${name}`).toBeUndefined();
      }
    }
    // Anything else under assets/ (an image, a missing page) and every other path keeps the whole set.
    for (const url of ['/assets/logo.png', '/assets/', '/assets-like', '/admin/', '/api/app/user/userInfo', '/x.js']) {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.headers['content-security-policy'], url).toBeDefined();
      expect(answer.headers['x-frame-options'], url).toBe('DENY');
    }
    // The URL's spelling decides nothing: a page whose URL ends like a script is still a page.
    const page = await app.inject({ method: 'GET', url: '/assets/%2e%2e/index.html?a.js' });
    expect(page.headers['content-security-policy']).toBeDefined();
    expect(isSubresourceType('text/javascript; charset=utf-8')).toBe(true);
    expect(isSubresourceType('application/javascript')).toBe(true);
    expect(isSubresourceType('text/css')).toBe(true);
    expect(isSubresourceType('application/json')).toBe(false);
    expect(isSubresourceType('text/html')).toBe(false);
    expect(isSubresourceType(undefined)).toBe(false);
    await app.close();
  });

  it('widens the policy for a live-chat origin and refuses what helmet refuses', () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self'"], 'script-src': ["'self'", 'https://chat.example'] } },
    });
    expect(headers['content-security-policy']).toBe("default-src 'self';script-src 'self' https://chat.example");
    expect(headers['x-powered-by']).toBeUndefined();
    expect(() => helmetHeaders({ contentSecurityPolicy: { useDefaults: false, directives: { 'script-src': ["'self'"] } } })).toThrow();
  });
});
