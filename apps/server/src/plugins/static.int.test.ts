// Proves the static apps answer only files inside their folders: every refused or odd path is a
// 404 with route.notFound (never a 200 with an error inside), and the real files still load.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helper.ts';

describe('static paths', () => {
  let t: TestApp;
  let distDir: string;
  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-dist-'));
    for (const app of ['web', 'admin']) {
      fs.mkdirSync(path.join(distDir, app, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(distDir, app, 'index.html'), '<meta name="envelope-key" content="%ENVELOPE_KEY%">');
      fs.writeFileSync(path.join(distDir, app, 'assets', 'app.js'), 'console.log(1)');
    }
    // A file beside the two apps that no path may reach.
    fs.writeFileSync(path.join(distDir, 'secret.txt'), 'secret');
    t = await makeTestApp('sqlite', { WEB_DIST_DIR: path.join(distDir, 'web'), ADMIN_DIST_DIR: path.join(distDir, 'admin') });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('serves the two apps and their assets', async () => {
    for (const url of ['/', '/index.html', '/admin/', '/assets/app.js', '/admin/assets/app.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
    }
  });

  it.each([
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/admin/../secret.txt',
    '/admin/%2e%2e/%2e%2e/secret.txt',
    '/admin/..%5c..%5csecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/%00',
    '/assets/app.js%00.html',
    '/.env',
    '/admin/.git/config',
    '//etc/passwd',
    '/nothing.js',
    '/admin/nothing',
  ])('GET %s is 404 route.notFound', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 9001, error: 'route.notFound', data: null });
    expect(res.body).not.toContain('secret');
  });

  it('never serves the page template raw, however the path is spelled on the wire', async () => {
    // Over a real socket: app.inject parses the URL as a browser would and folds %2e%2e away, but a
    // raw client sends the bytes as they are and the router decodes them.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const get = (rawPath: string) =>
      new Promise<{ status: number; body: string; csp: unknown }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body, csp: res.headers['content-security-policy'] }));
          })
          .on('error', reject);
      });
    for (const rawPath of [
      '/assets/%2e%2e/index.html?a.js',
      '/assets/../index.html?a.js',
      '/admin/assets/%2e%2e/index.html?a.css',
      '/assets/%2e/app.js',
      '/assets/%2E%2E/index.html',
    ]) {
      const answer = await get(rawPath);
      expect(answer.body, rawPath).not.toContain('%ENVELOPE_KEY%');
      expect(answer.csp, rawPath).toBeDefined();
      expect(answer.status, rawPath).toBe(404);
    }
  });

  it('gives the page its policy and a script only the subresource headers, by what is sent', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/index.html?a.js' });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('%ENVELOPE_KEY%');
    expect(page.headers['content-security-policy']).toBeDefined();
    const script = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(script.headers['x-content-type-options']).toBe('nosniff');
  });

  it.each(['OPTIONS', 'DELETE', 'PUT', 'PATCH'] as const)('%s on a page is 404', async (method) => {
    const res = await t.app.inject({ method, url: '/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'route.notFound' });
  });
});
