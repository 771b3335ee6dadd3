// Proves the static apps answer only files inside their folders: every refused or odd path is a
// 404 with route.notFound (never a 200 with an error inside), and the real files still load.
import fs from 'node:fs';
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

  it.each(['OPTIONS', 'DELETE', 'PUT', 'PATCH'] as const)('%s on a page is 404', async (method) => {
    const res = await t.app.inject({ method, url: '/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'route.notFound' });
  });
});
