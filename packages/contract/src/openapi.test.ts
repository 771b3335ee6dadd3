/// <reference types="node" />
// The OpenAPI document is generated from the contract; these checks keep the copy in the
// repository equal to what the contract generates, make sure it is a valid OpenAPI 3.1 document
// whose every payload schema compiles as JSON Schema 2020-12, and that it has one operation per
// endpoint of the contract, no more and no fewer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';
import { buildOpenApi, openApiText, operationCount } from './openapi.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const committedPath = path.join(root, 'docs/openapi.json');

describe('the OpenAPI document', () => {
  const document = buildOpenApi();

  it('has one operation per endpoint of the contract', () => {
    const count = Object.keys(endpoints).length;
    expect(operationCount(document)).toBe(count);
    const operationIds = Object.values(document.paths as Record<string, { post: { operationId: string } }>).map((item) => item.post.operationId);
    expect(operationIds.sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('in docs/openapi.json is what the contract generates (run `node --import tsx scripts/openapi.ts` after a change)', { timeout: 60_000 }, () => {
    const committed = readFileSync(committedPath, 'utf8');
    // Compare parsed first so a drift names the place, then the text so the file stays byte-stable.
    expect(JSON.parse(committed)).toEqual(JSON.parse(openApiText()));
    expect(committed).toBe(openApiText());
  });

  it('is a valid OpenAPI 3.1 document', { timeout: 60_000 }, async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  // Compiling some 350 schemas takes a few seconds on a loaded machine: a minute of room.
  it('has payload schemas that compile as JSON Schema 2020-12, and they accept and refuse as the contract does', { timeout: 60_000 }, () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const schemas = (document.components as { schemas: Record<string, object> }).schemas;
    // The document itself is the base of every `#/components/...` reference.
    ajv.addSchema({ $id: 'doc', components: { schemas } });
    for (const name of Object.keys(schemas)) expect(() => ajv.compile({ $ref: `doc#/components/schemas/${name}` }), name).not.toThrow();
    // A spot check that the translation kept the meaning: the transfer's request.
    const transfer = ajv.compile({ $ref: 'doc#/components/schemas/transferCreate.request' });
    const parsed = endpoints.transferCreate.request.safeParse({});
    expect(parsed.success).toBe(false);
    expect(transfer({})).toBe(false);
  });
});
