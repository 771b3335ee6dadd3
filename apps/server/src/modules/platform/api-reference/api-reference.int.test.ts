// The API reference: staff always read the generated document through their sealed session;
// the public page and its document answer "not found" until staff publish them, and then serve
// exactly the document the repository commits (docs/openapi.json), under the page's own policy.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '@pp/contract';
import { operationCount } from '@pp/contract/openapi';
import { dialects, login, makeTestApp, staffClient, type TestApp, type TestClient } from '../../../../test/helper.ts';

const committed = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../docs/openapi.json'), 'utf8');

describe.each(dialects)('API reference on %s', (dialect) => {
  let t: TestApp;
  let admin: TestClient;
  let viewer: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    admin = await staffClient(t, 'admin', 'Admin@12345');
    viewer = await staffClient(t, 'viewer', 'Viewer@12345');
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('is not public by default: the page and the document are not found', async () => {
    for (const url of ['/api-reference/', '/api-reference/openapi.json']) {
      const answer = await get(url);
      expect(answer.statusCode, url).toBe(404);
      expect(answer.body).not.toContain('"openapi"');
    }
    // The renderer's own files are no secret: they show nothing without a document.
    expect((await get('/api-reference/embedded')).statusCode).toBe(200);
    expect((await get('/api-reference/viewer.js')).statusCode).toBe(200);
  });

  it('gives every staff role the document the contract generates; members and strangers get nothing', async () => {
    for (const staff of [admin, viewer]) {
      const answer = await staff.call<{ openapi: string; paths: Record<string, unknown> }>('apiReference', {});
      expect(answer.code, answer.message).toBe(20000);
      expect(`${JSON.stringify(answer.data, null, 2)}\n`).toBe(committed);
      expect(operationCount(answer.data)).toBe(Object.keys(endpoints).length);
    }
    t.client.token = await login(t, 'demo', 'Demo@12345');
    const member = await t.client.call('apiReference', {});
    expect(member.code).not.toBe(20000);
    expect(member.status).toBeLessThan(500);
  });

  it('once published, serves the committed document and the page under its own policy', async () => {
    const turnedOn = await admin.call('configUpdate', {
      requestId: crypto.randomUUID(),
      key: 'features.apiReferencePublic',
      value: true,
      reason: 'partners integrate',
    });
    expect(turnedOn.code, turnedOn.message).toBe(20000);

    const document = await get('/api-reference/openapi.json');
    expect(document.statusCode).toBe(200);
    expect(document.headers['content-type']).toMatch(/^application\/json/);
    expect(document.body).toBe(committed);
    const zipped = await get('/api-reference/openapi.json', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(committed.length / 5);

    const page = await get('/api-reference/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="redoc.standalone.js"></script>');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect((await get('/api-reference')).headers.location).toBe('/api-reference/');

    const renderer = await get('/api-reference/redoc.standalone.js');
    expect(renderer.statusCode).toBe(200);
    expect(renderer.headers['content-type']).toMatch(/javascript/);
    expect(renderer.body).toContain('Redoc');

    // Unpublished again: gone at once, on this process and any other (the setting is in the database).
    const turnedOff = await admin.call('configUpdate', {
      requestId: crypto.randomUUID(),
      key: 'features.apiReferencePublic',
      value: false,
      reason: 'partners done',
    });
    expect(turnedOff.code, turnedOff.message).toBe(20000);
    expect((await get('/api-reference/openapi.json')).statusCode).toBe(404);
  });
});
