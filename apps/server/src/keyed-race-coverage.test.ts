// Every keyed write of the contract promises that 8 identical sends at once make one effect and
// get 8 equal answers, none a 5xx. This test keeps that promise proven as the contract grows: it
// reads the keyed endpoint names from the contract and fails, naming the endpoint, when no
// integration test races it. A file marks what it races either by calling
// `raceEight('<name>', ...)` (test/race.ts) or, where an older test builds its 8 sends by hand or
// takes the name from a table, by a `// races: <name>, <name>` line; such a line counts only in a
// file that does send 8 at once, so a tag alone cannot stand in for a race.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keyedEndpointNames } from '@pp/contract';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function intTests(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : intTests(full);
    return entry.name.endsWith('.int.test.ts') ? [full] : [];
  });
}

/** The endpoints one test file races, by name, as its source marks them. */
function racedIn(source: string): string[] {
  const names = [...source.matchAll(/\braceEight\s*(?:<[^>]*>)?\(\s*['"](\w+)['"]/g)].map((m) => m[1]!);
  const sendsEight = /\braceEight\s*(?:<[^>]*>)?\(|Array\.from\(\{\s*length:\s*8\s*\}/.test(source);
  if (sendsEight)
    for (const m of source.matchAll(/^\s*\/\/\s*races:\s*(.+)$/gm))
      names.push(
        ...m[1]!
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
  return names;
}

describe('keyed write race coverage', () => {
  const raced = new Map<string, string[]>();
  for (const file of intTests(serverRoot))
    for (const name of racedIn(fs.readFileSync(file, 'utf8'))) raced.set(name, [...(raced.get(name) ?? []), path.relative(serverRoot, file)]);

  it('races every keyed endpoint of the contract with 8 parallel identical sends', () => {
    const unraced = keyedEndpointNames.filter((name) => !raced.has(name));
    expect(unraced, `keyed endpoints no *.int.test.ts races 8 at once: ${unraced.join(', ')}`).toEqual([]);
  });

  it('marks only keyed endpoints as raced (a typo in a tag would hide a missing race)', () => {
    const keyed: ReadonlySet<string> = new Set(keyedEndpointNames);
    expect([...raced.keys()].filter((name) => !keyed.has(name))).toEqual([]);
  });

  it('reads both marks, and a tag only where 8 are sent at once', () => {
    expect(racedIn(`await raceEight('staffUpdate', () => x);\nawait raceEight<Foo>(\n  "planRun", send);`)).toEqual(['staffUpdate', 'planRun']);
    const burst = 'Promise.all(Array.from({ length: 8 }, () => send()));';
    expect(racedIn(`// races: deposit, withdrawal\n${burst}`)).toEqual(['deposit', 'withdrawal']);
    expect(racedIn(`// races: deposit\nPromise.all(Array.from({ length: 4 }, send));`)).toEqual([]);
  });
});
