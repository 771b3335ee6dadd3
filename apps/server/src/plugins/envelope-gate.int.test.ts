// The envelope is a property of the matched route, not of the URL: for every endpoint of the
// contract, each way of spelling its path that a router or a proxy may read as the same route
// (percent-encoded letters, encoded slashes, doubled slashes, dot segments, a trailing slash,
// upper case, a `;` parameter, query tricks) with a plain JSON body and a live session is refused
// before any handler, and the database is the same row for row afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { endpoints, type EndpointName } from '@pp/contract';
import { dialects, login, makeTestApp, staffClient, type TestApp } from '../../test/helper.ts';

const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** The spellings of one path; each is a request the gate must refuse. */
export function spellingsOf(path: string): Record<string, string> {
  const rest = path.slice('/api'.length);
  return {
    canonical: path,
    a: `/%61pi${rest}`,
    p: `/a%70i${rest}`,
    i: `/ap%69${rest}`,
    api: `/%61%70%69${rest}`,
    lowerHex: `/%61%70%69${rest}`.toLowerCase(),
    everyLetter: path.replace(/[A-Za-z]/g, hex),
    encodedSlashes: `/${path.slice(1).replaceAll('/', '%2F')}`,
    leadingDoubleSlash: `/${path}`,
    innerDoubleSlash: path.replace('/api/', '/api//'),
    dotSegment: path.replace('/api/', '/api/./'),
    encodedDotSegment: path.replace('/api/', '/api/%2e/'),
    parentSegment: path.replace('/api/', '/api/x/../'),
    trailingSlash: `${path}/`,
    upperCase: path.toUpperCase(),
    semicolon: `${path};x=1`,
    encodedSemicolon: `${path}%3Bx=1`,
    query: `${path}?x=/api/`,
    emptyQuery: `${path}?`,
    encodedQuery: `${path}%3Fx=1`,
    hash: `${path}#x`,
  };
}

/** Rows of every table, so a refused request is seen to have changed nothing anywhere. */
async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const db = t.services.dbHandle.db;
  const tables =
    t.dialect === 'sqlite'
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows.map((r) => r.name)
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
        ).rows.map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const table of tables.sort()) {
    const row = (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0];
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

describe.each(dialects)('envelope gate over the whole contract on %s', (dialect) => {
  let t: TestApp;
  const tokens: Record<'member' | 'staff', string> = { member: '', staff: '' };
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    tokens.member = await login(t, 'alice', 'Alice@12345');
    tokens.staff = (await staffClient(t, 'admin', 'Admin@12345')).token!;
  });
  afterAll(async () => t.close());

  it('refuses every spelling of every endpoint sent as plain JSON, before any handler, changing nothing', async () => {
    const names = Object.keys(endpoints) as EndpointName[];
    const before = await rowCounts(t);
    const balancesBefore = await t.services.dbHandle.db
      .selectFrom('ledger_accounts')
      .select(['id', 'debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'])
      .orderBy('id')
      .execute();
    const outcomes = new Map<string, number>();
    const failures: string[] = [];
    let requests = 0;
    for (const name of names) {
      const endpoint = endpoints[name];
      const isStaff = endpoint.auth === 'staff' || endpoint.auth === 'staffPublic';
      const token = endpoint.auth === 'member' ? tokens.member : endpoint.auth === 'staff' ? tokens.staff : null;
      for (const [spelling, url] of Object.entries(spellingsOf(endpoint.path))) {
        for (const contentType of ['application/json', 'text/plain']) {
          requests += 1;
          const answer = await t.app.inject({
            method: 'POST',
            url,
            remoteAddress: `10.9.${requests % 250}.${Math.floor(requests / 250) % 250}`,
            headers: {
              'content-type': contentType,
              'accept-language': 'en-US',
              'x-login-type': isStaff ? 'STAFF' : 'USER',
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            payload: JSON.stringify({ requestId: crypto.randomUUID(), amount: '1', userName: 'bob', id: '1', ids: ['1'], value: '1' }),
          });
          const body = answer.json() as { code?: number; error?: string };
          const outcome = `${answer.statusCode} ${body.error}`;
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
          if (body.error !== 'envelope.required' && body.error !== 'route.notFound') failures.push(`${name} ${spelling} ${url} ${contentType}: ${outcome}`);
        }
      }
    }
    const spellings = Object.keys(spellingsOf('/api/x')).length;
    console.log(
      `envelope gate (${dialect}): ${names.length} endpoints x ${spellings} spellings x 2 body types = ${requests} requests;`,
      Object.fromEntries(outcomes),
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(requests).toBe(names.length * spellings * 2);
    expect(await rowCounts(t)).toEqual(before);
    expect(
      await t.services.dbHandle.db
        .selectFrom('ledger_accounts')
        .select(['id', 'debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'])
        .orderBy('id')
        .execute(),
    ).toEqual(balancesBefore);
  });

  it('still answers a sealed request, and a sealed request sent to another spelling is judged by the route it matched', async () => {
    t.client.token = tokens.member;
    const ok = await t.client.call<unknown[]>('assetsList');
    expect(ok.code).toBe(20000);
    // Sealed for one endpoint, sent to another: the sealed path names the route, whatever the URL.
    const other = await t.client.post(endpoints.assetsList.path.replace('/api/', '/%61pi/'), {});
    expect(other.error).toBe('envelope.pathMismatch');
    t.client.token = null;
  });

  it('answers every API answer with Cache-Control: no-store', async () => {
    const sealedAnswer = await t.app.inject({
      method: 'POST',
      url: endpoints.countryList.path,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(sealedAnswer.headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'POST', url: '/api/app/nothing/here', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

/** A route registered and the app started: the refusal may come from either step. */
async function registerAndStart(app: { ready(): PromiseLike<unknown> }, register: () => unknown): Promise<void> {
  register();
  await app.ready();
}

describe('envelope gate at start', () => {
  it('refuses to start with an API route that does not declare itself sealed', async () => {
    const t = await makeTestApp('sqlite');
    try {
      const { default: Fastify } = await import('fastify');
      const { envelopePlugin } = await import('./envelope.ts');
      const app = Fastify();
      await app.register(envelopePlugin, { serverKey: t.serverKey, replayStore: { remember: async () => 'new' as const, close: async () => {} } as never });
      await expect(registerAndStart(app, () => app.post('/api/app/sneaky', async () => ({ ok: true })))).rejects.toThrow(/not declared sealed/);
      const second = Fastify();
      await second.register(envelopePlugin, { serverKey: t.serverKey, replayStore: { remember: async () => 'new' as const, close: async () => {} } as never });
      await expect(
        registerAndStart(second, () => second.get('/api/app/sneaky', { config: { envelope: 'sealed' } }, async () => ({ ok: true }))),
      ).rejects.toThrow(/sealed route/);
    } finally {
      await t.close();
    }
  });
});
