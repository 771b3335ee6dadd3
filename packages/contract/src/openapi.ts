import { z } from 'zod';
import { errorCatalogue, errorKeys, ResponseCode } from './codes.ts';
import { endpoints, type EndpointName } from './endpoints.ts';
import { replayRules } from './replay-rules.ts';

/**
 * The OpenAPI 3.1 description of the API, generated from the contract and nothing else: the same
 * zod schemas the server checks requests and answers with are turned into JSON Schema by zod's own
 * `z.toJSONSchema`. Nothing here is written by hand but the prose about the transport, so the
 * document cannot say something the server does not do.
 *
 * How the envelope is described: every call is a POST whose body is sealed (a compact JWE) and
 * whose answer's `data` is sealed too (docs/protocol.md). OpenAPI has no word for "this JSON,
 * encrypted", so the document describes the payloads as they are before sealing and after opening
 * (what a client library hands in and gets back), and says once, in `info.description` and in the
 * `application/jose` media type, how they travel. A tool that wants the wire shape reads
 * `x-envelope`; a tool that fuzzes payloads (ours does) seals what the schema describes.
 */

/** The document's version: the contract's version, raised when a payload changes shape. */
export const apiVersion = '1.0.0';

type JsonSchema = Record<string, unknown>;

const transport = [
  'Every call is an HTTP POST to its path with a body sealed as a JWE (RFC 7516, compact serialization,',
  '`Content-Type: application/jose`): X25519 key agreement with the server key published at',
  '`GET /envelope-key.json`, AES-256-GCM, and a protected header carrying `path`, `time` (ms since the',
  'epoch) and a one-time `nonce`. The server refuses a stale time, a nonce it has seen, and a header',
  '`path` other than the route that matched. The answer is JSON `{code, message, data, error?, params?,',
  "field?, validation?}`; on success `data` is sealed with the request's own content key. The schemas",
  'below are the payloads before sealing and after opening. The full description, with test vectors',
  'that let any language interoperate, is docs/protocol.md in the repository.',
].join(' ');

/** One payload schema, as JSON Schema 2020-12 (the dialect of OpenAPI 3.1). */
function payloadSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'throw' }) as JsonSchema;
  // The dialect is the document's, declared once at its top.
  delete json.$schema;
  return json;
}

/** The refusal answer: its `error` is one of the catalogue's stable keys. */
function errorAnswerSchema(): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'message', 'data', 'error'],
    properties: {
      code: { type: 'integer', enum: [ResponseCode.error, ResponseCode.loginExpired] },
      message: { type: 'string', description: "The refusal in the caller's language (Accept-Language)." },
      data: { type: 'null' },
      error: { $ref: '#/components/schemas/ErrorKey' },
      params: { type: 'object', additionalProperties: { type: ['string', 'number'] } },
      field: { type: 'string', description: 'For request.invalid: the first failing field.' },
      validation: { type: 'string', description: 'For request.invalid: the validation key of that field.' },
    },
    additionalProperties: false,
  };
}

/** The success answer of one endpoint: `data` is its payload (sealed on the wire). */
function successAnswerSchema(name: EndpointName): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'message', 'data'],
    properties: {
      code: { type: 'integer', const: ResponseCode.success },
      message: { type: 'string' },
      data: { $ref: `#/components/schemas/${name}.response` },
    },
  };
}

/** The HTTP statuses an endpoint's refusals may carry, from the error catalogue. */
function refusalStatuses(): number[] {
  return [...new Set(Object.values(errorCatalogue).map((entry) => entry.status))].filter((s) => s !== 200).sort((a, b) => a - b);
}

export function buildOpenApi(): Record<string, unknown> {
  const names = Object.keys(endpoints) as EndpointName[];
  const schemas: Record<string, JsonSchema> = {
    ErrorKey: {
      type: 'string',
      enum: [...errorKeys],
      description: 'The stable key of a refusal. x-status gives the HTTP status the server answers it with.',
      'x-status': Object.fromEntries(errorKeys.map((key) => [key, errorCatalogue[key].status])),
    },
    ErrorAnswer: errorAnswerSchema(),
  };
  const paths: Record<string, unknown> = {};
  for (const name of names) {
    const e = endpoints[name];
    schemas[`${name}.request`] = payloadSchema(e.request, 'input');
    schemas[`${name}.response`] = payloadSchema(e.response, 'output');
    const responses: Record<string, unknown> = {
      '200': {
        description: 'Done (code 20000, data sealed), or refused with a 9001/87321 answer.',
        content: { 'application/json': { schema: { oneOf: [successAnswerSchema(name), { $ref: '#/components/schemas/ErrorAnswer' }] } } },
      },
    };
    for (const status of refusalStatuses()) responses[String(status)] = { $ref: '#/components/responses/Refused' };
    const secured = e.auth === 'member' || e.auth === 'staff';
    paths[e.path] = {
      post: {
        operationId: name,
        tags: [e.auth === 'member' || e.auth === 'public' ? 'member' : 'staff'],
        summary: name,
        ...(secured ? { security: [{ [e.auth === 'member' ? 'memberSession' : 'staffSession']: [] }] } : { security: [] }),
        requestBody: {
          required: true,
          description: 'The payload, sealed on the wire as a compact JWE (see x-envelope).',
          content: { 'application/jose': { schema: { $ref: `#/components/schemas/${name}.request` } } },
        },
        responses,
        'x-auth': e.auth,
        'x-permission': e.permission,
        'x-keyed': e.keyed,
        'x-replay': replayRules[name].rule,
      },
    };
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: { title: 'Points portal API', version: apiVersion, description: transport },
    'x-envelope': {
      contentType: 'application/jose',
      serverKey: '/envelope-key.json',
      protectedHeader: ['alg', 'enc', 'kid', 'epk', 'path', 'time', 'nonce'],
      description: 'docs/protocol.md (with test vectors in its last section)',
    },
    tags: [
      { name: 'member', description: 'The member portal: public calls and calls with a member session.' },
      { name: 'staff', description: 'The back-office: calls with a staff session holding the permission in x-permission.' },
    ],
    paths,
    components: {
      schemas,
      responses: {
        Refused: {
          description: 'Refused: the stable key says why.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } },
        },
      },
      securitySchemes: {
        memberSession: { type: 'http', scheme: 'bearer', description: 'The token of a member login, with X-Login-Type: USER.' },
        staffSession: { type: 'http', scheme: 'bearer', description: 'The token of a staff login after its second factor.' },
      },
    },
  };
}

/** How many operations the document has: one per contract endpoint. */
export function operationCount(document: Record<string, unknown>): number {
  const paths = document.paths as Record<string, Record<string, unknown>>;
  return Object.values(paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
}

/** The document as the repository keeps it and the server serves it: two-space JSON and a final newline. */
export function openApiText(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
