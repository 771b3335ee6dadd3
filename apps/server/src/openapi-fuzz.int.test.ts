// A fuzzer driven by the OpenAPI document alone: it starts a live server, checks the document is
// valid OpenAPI 3.1, then for every operation builds payloads from the document's request schema
// (valid ones with fast-check, and invalid ones made from them), seals and sends them with the
// typed client package over real HTTP, as a member or a staff member as the operation needs, and
// checks every answer against the document. Goals: no 5xx, no success answer the document's
// response schema refuses, no success for a payload the document's request schema refuses.
// The seed is printed; FUZZ_SEED=<seed> replays a run, FUZZ_RUNS=<n> sends more valid payloads,
// FUZZ_ONLY=<name,name> fuzzes only those operations.
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '@pp/client';
import { buildOpenApi } from '@pp/contract/openapi';
import type { EndpointName } from '@pp/contract';
import { dialects, login, makeTestApp, staffClient, type TestApp } from '../test/helper.ts';
import { arbitraryOf, mutations, type Schema } from '../test/schema-arbitrary.ts';
import { verifyLedger } from './modules/wallet/ledger/verify.ts';

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const validRuns = Number(process.env.FUZZ_RUNS ?? 3);
/** Invalid payloads an operation gets at the most (its mutations are many; a sample is enough here). */
const invalidRuns = 4;

interface Operation {
  name: EndpointName;
  path: string;
  auth: string;
  keyed: boolean;
  request: Schema;
}

const document = buildOpenApi();
const schemas = (document.components as { schemas: Record<string, Schema> }).schemas;
const operations: Operation[] = Object.entries(document.paths as Record<string, { post: Record<string, unknown> }>).map(([path, item]) => ({
  name: item.post.operationId as EndpointName,
  path,
  auth: item.post['x-auth'] as string,
  keyed: item.post['x-keyed'] === true,
  request: schemas[`${item.post.operationId as string}.request`]!,
}));
// Ending a session would leave the operations after it without one: those go last.
const sessionEnders = new Set<EndpointName>(['logout', 'staffLogout']);
const only = process.env.FUZZ_ONLY ? new Set(process.env.FUZZ_ONLY.split(',')) : null;
if (only) operations.splice(0, operations.length, ...operations.filter((o) => only.has(o.name)));
operations.sort((a, b) => Number(sessionEnders.has(a.name)) - Number(sessionEnders.has(b.name)));

describe.each(dialects)('the OpenAPI fuzzer on %s', (dialect) => {
  let t: TestApp;
  let baseUrl: string;
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  ajv.addSchema({ $id: 'doc', components: { schemas } });
  const validator = (name: string): ValidateFunction =>
    ajv.getSchema(`doc#/components/schemas/${name}`) ?? ajv.compile({ $ref: `doc#/components/schemas/${name}` });
  let member: Client;
  let staff: Client;
  let anonymous: Client;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('no address');
    baseUrl = `http://127.0.0.1:${address.port}`;
    // No retries: the fuzzer wants to see every 503 the server gives.
    member = createClient({ baseUrl, retries: 0, token: await login(t, 'demo', 'Demo@12345') });
    staff = createClient({ baseUrl, retries: 0, loginType: 'STAFF', token: (await staffClient(t, 'admin', 'Admin@12345')).token });
    anonymous = createClient({ baseUrl, retries: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the document is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it(`every operation, with valid and invalid payloads from the document (seed ${seed})`, { timeout: 600_000 }, async () => {
    console.log(`OpenAPI fuzzer on ${dialect}: seed ${seed} (FUZZ_SEED=${seed} replays it)`);
    const failures: string[] = [];
    let sent = 0;
    let accepted = 0;
    let invalidSent = 0;
    const slowest: Array<[number, string]> = [];
    for (const [index, operation] of operations.entries()) {
      const client = operation.auth === 'member' ? member : operation.auth === 'staff' ? staff : anonymous;
      const requestValid = validator(`${operation.name}.request`);
      const responseValid = validator(`${operation.name}.response`);
      // Drawn values the document itself refuses (a pattern's draw outside its length bounds) are not valid examples.
      const drawn = fc.sample(arbitraryOf(operation.request), { seed: seed + index, numRuns: validRuns * 4 }) as Array<Record<string, unknown>>;
      const valid = drawn.filter((payload) => requestValid(payload)).slice(0, validRuns);
      if (valid.length === 0) failures.push(`${operation.name}: no valid payload could be drawn from its schema`);
      const invalid = valid
        .flatMap((payload) => mutations(operation.request, payload))
        // The client gives a keyed write a request id when the body has none (as it must: the id is
        // what makes a retry safe), so a body without one is not what it sends.
        .filter(({ how }) => !(operation.keyed && how === 'requestId left out'))
        .filter(({ payload }) => !requestValid(payload));
      const invalidSample = fc
        .sample(fc.constantFrom(...(invalid.length > 0 ? invalid : [null])), { seed: seed + index, numRuns: invalidRuns })
        .filter((x) => x !== null);
      const cases = [
        ...valid.map((payload) => ({ how: 'valid', payload, isValid: true })),
        ...invalidSample.map(({ how, payload }) => ({ how, payload: payload as Record<string, unknown>, isValid: false })),
      ];
      for (const { how, payload, isValid } of cases) {
        if (!isValid) invalidSent++;
        sent++;
        const started = Date.now();
        const answer = await client.call(operation.name, payload as never, { signal: AbortSignal.timeout(30_000) }).catch((error: unknown) => {
          failures.push(`${operation.name} (${how}): no answer in 30 s (${String(error)})`);
          return null;
        });
        slowest.push([Date.now() - started, operation.name]);
        if (answer === null) continue;
        const where = `${operation.name} (${how}) ${JSON.stringify(payload).slice(0, 300)}`;
        if (answer.status >= 500 || answer.status === 0) failures.push(`${where}: HTTP ${answer.status} ${answer.ok ? '' : answer.error}`);
        if (!answer.ok) continue;
        accepted++;
        if (!isValid) failures.push(`${where}: accepted, though the document says the payload is invalid`);
        if (!responseValid(answer.data)) failures.push(`${where}: answer does not match the document: ${ajv.errorsText(responseValid.errors)}`);
      }
    }
    slowest.sort((a, b) => b[0] - a[0]);
    console.log(
      `slowest answers: ${slowest
        .slice(0, 5)
        .map(([ms, name]) => `${name} ${ms} ms`)
        .join(', ')}`,
    );
    console.log(
      `OpenAPI fuzzer on ${dialect}: ${operations.length} operations, ${sent} payloads sent (${invalidSent} invalid by the document), ${accepted} accepted, ${failures.length} failures`,
    );
    expect(failures, `seed ${seed}`).toEqual([]);
    if (!only) expect(operations.length).toBe(Object.keys(document.paths as object).length);
    if (!only) expect(invalidSent).toBeGreaterThan(operations.length);
    // Whatever the fuzzer moved, the books still balance.
    expect((await verifyLedger(t.services.dbHandle.db)).problems).toEqual([]);
  });
});
