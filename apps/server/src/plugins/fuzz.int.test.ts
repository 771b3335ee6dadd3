// Proves that no input reaches HTTP 500: every endpoint of the contract table (new ones join by
// themselves) gets random and boundary bodies through the real envelope, with the session its
// auth needs, and every answer is a well-formed envelope answer with a catalogued error key.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { endpoints, errorKeys, type EndpointName } from '@pp/contract';
import { dialects, login, makeTestApp, staffClient, TestClient, type TestApp } from '../../test/helper.ts';
import { verifyLedger } from '../modules/wallet/ledger/verify.ts';

/** Runs per endpoint and database; about 50 endpoints x 2 databases stay within a minute or two. */
const runsPerEndpoint = Number(process.env.FUZZ_RUNS ?? 30);

const hugeDigits = '9'.repeat(400);
const boundaryStrings = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '00000000000000000001',
  '0.0000001',
  '1e3',
  '1E+400',
  '0x10',
  'NaN',
  'Infinity',
  '-Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '999999999999999',
  '999999999999999.999999',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  hugeDigits,
  `${hugeDigits}:${hugeDigits}`,
  '99999999999999999999:abc',
  '1:x',
  '-5:y',
  '1.5:z',
  ':',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '%00',
  '\u0000',
  '\\',
  '../../etc/passwd',
  '日本語テキスト',
  '😀😀😀',
  '\u202e',
  '\ud800',
  'a'.repeat(65),
  'a'.repeat(5_000),
  'USDT',
  'ASSETS_POINT',
  'internalTransfer',
  'STAFF',
  'USER',
  'admin',
  'demo',
  'exchange',
  'adjustment',
];
const boundaryNumbers = [
  0,
  -0,
  1,
  -1,
  0.5,
  -0.5,
  2 ** 31,
  2 ** 32,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e308,
  -1e308,
  8.64e15,
  253402300800000,
  1e21,
];

const anyString = fc.oneof(
  fc.constantFrom(...boundaryStrings),
  fc.string({ maxLength: 80 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.stringMatching(/^\d{1,40}(\.\d{1,10})?$/),
);
const anyNumber = fc.oneof(fc.constantFrom(...boundaryNumbers), fc.integer(), fc.double());
const anyScalar = fc.oneof(anyString, anyNumber, fc.boolean(), fc.constant(null));
/** Nesting far deeper than any schema, as arrays and as objects (the test client cannot stringify much deeper). */
const deep = fc
  .constantFrom(10, 100, 1_000)
  .chain((depth) =>
    fc.constantFrom(JSON.parse(`${'['.repeat(depth)}1${']'.repeat(depth)}`) as unknown, JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`) as unknown),
  );
/** Anything JSON can carry, nested. */
const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyScalar,
    deep,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
  ),
})).value;

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  options?: z.ZodType[];
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value shaped like the schema most of the time (so deeper code runs), anything otherwise. */
function valueFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return valueFor(def.innerType!);
    case 'pipe':
      return valueFor(def.in!);
    case 'object':
      return objectFor(schema);
    case 'array':
      return fc.oneof(fc.array(valueFor(def.element!), { maxLength: 60 }), anyJson);
    case 'enum':
      return fc.oneof(fc.constantFrom(...Object.values(def.entries!)), anyScalar);
    case 'literal':
      return fc.oneof(fc.constantFrom(...def.values!), anyScalar);
    case 'union':
      return fc.oneof(...def.options!.map(valueFor));
    case 'string':
      return fc.oneof(anyString, anyScalar);
    case 'number':
    case 'int':
      return fc.oneof(anyNumber, anyScalar);
    case 'boolean':
      return fc.oneof(fc.boolean(), anyScalar);
    default:
      return anyJson;
  }
}

/**
 * Right values for the fields that guard the deep paths (the demo member's transaction password,
 * a real recipient, a fresh request id), so the amounts reach the ledger and not only the checks.
 */
const knownGood: Record<string, () => fc.Arbitrary<unknown>> = {
  transactionPassword: () => fc.constant('Demo@123456'),
  toUserName: () => fc.constantFrom('alice', 'bob'),
  requestId: () => fc.uuid().map((u) => `fuzz-${u}`),
  memberId: () => fc.constantFrom(...knownIds.members),
  exchangeType: () => fc.constantFrom('USDT_TO_ASSETS', 'REWARD_TO_USDT'),
  withdrawalType: () => fc.constantFrom('USDT_BEP20', 'USDT_TRC20', 'BANK_CNY'),
  amount: () =>
    fc.oneof(
      fc.constantFrom('999999999999999', '999999999999999.999999', '100000000', '100000000.000001', '1000000000', '0.000001', '1'),
      fc.bigInt({ min: 0n, max: 10n ** 16n }).map(String),
    ),
  queue: () => fc.constantFrom('exchange', 'adjustment'),
};
const knownIds = { members: ['none'] };

/** Each known field present with a fitting or hostile value, or missing; sometimes extra fields. */
function objectFor(schema: z.ZodType): fc.Arbitrary<unknown> {
  const shape = defOf(schema).shape ?? {};
  const fields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [
      key,
      knownGood[key] ? fc.oneof({ weight: 3, arbitrary: knownGood[key]() }, { weight: 1, arbitrary: valueFor(field) }) : valueFor(field),
    ]),
  );
  // Mostly every field present (the deep paths need all of them), sometimes some missing.
  const shaped = fc.oneof({ weight: 3, arbitrary: fc.record(fields) }, { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) });
  const withExtra = fc.tuple(shaped, fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { maxKeys: 3 })).map(([known, extra]) => ({ ...extra, ...known }));
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 2, arbitrary: withExtra }, { weight: 1, arbitrary: anyJson });
}

const names = Object.keys(endpoints) as EndpointName[];
// Ending a session would leave the endpoints after it with nothing to test but the login check.
const endsSession = new Set<EndpointName>(['logout', 'staffLogout']);
const ordered = [...names.filter((n) => !endsSession.has(n)), ...names.filter((n) => endsSession.has(n))];

describe.each(dialects)('fuzz every endpoint on %s', (dialect) => {
  let t: TestApp;
  let member: TestClient;
  let staff: TestClient;
  let anonymous: TestClient;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    member = new TestClient(t.app, t.serverKey.publicJwk);
    member.token = await login({ ...t, client: member }, 'demo', 'Demo@12345');
    staff = await staffClient(t, 'admin', 'Admin@12345');
    for (const name of ['alice', 'bob']) knownIds.members.push((await t.services.accounts.repository.byName(name))!.id);
    anonymous = new TestClient(t.app, t.serverKey.publicJwk);
  });
  afterAll(async () => {
    // Whatever the fuzz managed to do, the books still balance.
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
    await t.close();
  });

  it.each(ordered.filter((n) => !endsSession.has(n)))('%s refuses a NUL character and deep nesting as request.invalid', async (name) => {
    const endpoint = endpoints[name];
    const client = endpoint.auth === 'member' ? member : endpoint.auth === 'staff' ? staff : anonymous;
    const fields = Object.keys(defOf(endpoint.request).shape ?? {});
    for (const body of [
      Object.fromEntries([...fields, 'extra'].map((f) => [f, 'a\u0000b'])),
      { extra: { 'key\u0000': 1 } },
      { extra: JSON.parse(`${'['.repeat(40)}1${']'.repeat(40)}`) as unknown },
    ]) {
      const result = await client.post(endpoint.path, body);
      expect(result, JSON.stringify(body).slice(0, 80)).toMatchObject({ status: 200, code: 9001, error: 'request.invalid', data: null });
    }
  });

  it.each(ordered)('%s never answers 500', async (name) => {
    const endpoint = endpoints[name];
    const client = endpoint.auth === 'member' ? member : endpoint.auth === 'staff' ? staff : anonymous;
    const bodies = objectFor(endpoint.request);
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        // Wrong transaction passwords lock money actions; lift the lock so the right one can reach the ledger.
        if (endpoint.auth === 'member') await t.services.dbHandle.db.deleteFrom('rate_limits').where('key', 'like', 'tx:%').execute();
        // The envelope carries a JSON object; a bare scalar or array is sent as the body all the same.
        const result = await client.post(endpoint.path, body as object);
        expect(result.status, JSON.stringify(result)).not.toBe(500);
        expect(typeof result.code).toBe('number');
        expect(typeof result.message).toBe('string');
        if (result.code === 20000) {
          expect(result.status).toBe(200);
          expect(result.data).not.toBeUndefined();
        } else {
          expect(errorKeys).toContain(result.error);
          expect(result.data).toBeNull();
        }
      }),
      { numRuns: runsPerEndpoint, endOnFailure: true },
    );
  });
});
