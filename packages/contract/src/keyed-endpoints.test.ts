/// <reference types="node" />
// The browser kit keys a write and tells the user a retry is safe; that promise holds only when
// the contract declares the endpoint keyed, so its request carries `requestId` and the server does
// it once per key. These checks tie the three together: the apps' keyed calls, the keyed list the
// kit reads, and the request schemas.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, type EndpointName } from './endpoints.ts';
import { isKeyed, keyedEndpointNames } from './paths.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const names = Object.keys(endpoints) as EndpointName[];

/** Every source file of the browser side (tests aside: they may call anything). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of a call's arguments: from the `(` at `open` to its matching `)`. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error(`unbalanced call at ${open}`);
}

/**
 * The calls the apps make with an idempotency key: every `apiCall(...)` whose arguments name
 * `requestId` (in the body or in the options, the kit's keyed path), with the endpoint names
 * written in it (a call may choose between two).
 */
function keyedCalls(files: string[]): Array<{ file: string; names: string[] }> {
  const calls: Array<{ file: string; names: string[] }> = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bapiCall\s*(?:<[^>]*>)?\s*\(/g)) {
      const args = argumentsAt(text, match.index + match[0].length - 1);
      if (!/\brequestId\b/.test(args)) continue;
      const named = [...args.matchAll(/['"`](\w+)['"`]/g)].map((m) => m[1]!).filter((n) => n in endpoints);
      calls.push({ file: path.relative(root, file), names: named });
    }
  }
  return calls;
}

const browserFiles = ['apps/web/src', 'apps/admin/src', 'packages/browser-kit/src'].flatMap((dir) => sourceFiles(path.join(root, dir)));

describe('keyed endpoints', () => {
  it('lists in paths.ts exactly the endpoints declared as keyed writes', () => {
    expect([...keyedEndpointNames].sort()).toEqual(names.filter((n) => endpoints[n].keyed).sort());
    for (const name of names) expect(isKeyed(name), name).toBe(endpoints[name].keyed);
  });

  it('has every keyed request accept and require requestId', () => {
    for (const name of keyedEndpointNames) {
      const request = endpoints[name].request as z.ZodType;
      const shape = (request as unknown as { shape?: Record<string, z.ZodType> }).shape;
      expect(shape?.requestId, `${name} declares requestId`).toBeDefined();
      expect(shape!.requestId!.safeParse(crypto.randomUUID()).success, `${name} accepts a UUID`).toBe(true);
      const missing = request.safeParse({});
      expect(missing.success, `${name} refuses a body without requestId`).toBe(false);
      expect(
        missing.error!.issues.some((issue) => issue.path.join('.') === 'requestId'),
        `${name} names requestId when it is missing`,
      ).toBe(true);
    }
  });

  it('declares no plain endpoint with a requestId in its request', () => {
    for (const name of names.filter((n) => !endpoints[n].keyed)) {
      const shape = (endpoints[name].request as unknown as { shape?: Record<string, unknown> }).shape;
      expect(shape && 'requestId' in shape, name).toBeFalsy();
    }
  });

  it('keys in the apps only endpoints the contract declares keyed', () => {
    const calls = keyedCalls(browserFiles);
    // The scan must see the apps' keyed calls at all, or it would pass on nothing.
    const seen = new Set(calls.flatMap((c) => c.names));
    for (const known of ['userRegister', 'buyMatching', 'reviewDecide', 'staffCreate', 'buyPurchaseCode', 'flashSaleBuy']) expect(seen, known).toContain(known);
    for (const call of calls) {
      expect(call.names.length, `${call.file}: a keyed call names its endpoint`).toBeGreaterThan(0);
      for (const name of call.names) expect(endpoints[name as EndpointName].keyed, `${call.file} keys ${name}`).toBe(true);
    }
  });
});
