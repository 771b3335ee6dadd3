// docs/protocol.md says, per endpoint, why a replay changes nothing; a new endpoint of the
// contract must get its row there (node --import tsx scripts/replay-table.ts prints the table).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '@pp/contract';

const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/protocol.md'), 'utf8');

function section(title: string): string {
  const start = doc.indexOf(`\n## ${title}\n`);
  if (start < 0) return '';
  const next = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, next < 0 ? undefined : next);
}

describe('docs/protocol.md "Why a replay changes nothing"', () => {
  const text = section('Why a replay changes nothing');

  it('has a row for every endpoint of the contract, with its path and a reason', () => {
    expect(text).not.toBe('');
    const missing = (Object.keys(endpoints) as EndpointName[]).filter((name) => {
      const row = new RegExp(`^\\| \`${name}\` \\| \`${endpoints[name].path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\` \\| [^|\\n]*\\S[^|\\n]* \\|$`, 'm');
      return !row.test(text);
    });
    expect(missing).toEqual([]);
  });

  it('names no endpoint the contract does not have, and leaves none unclassified', () => {
    const named = [...text.matchAll(/^\| `(\w+)` \|/gm)].map((m) => m[1]!);
    expect(named.filter((name) => !(name in endpoints))).toEqual([]);
    expect(text).not.toMatch(/unclassified/);
  });
});
