// A key file cut short (0 bytes after a full disk, decision 084) stops the start with one line
// naming the file and what to do, exit 1, never a SyntaxError with a stack.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverProcessExit } from '../test/process.ts';

describe.each(['envelope-key.json', 'game-token-key.json'])('a damaged %s at start', (name) => {
  it('exits 1 with one line naming the file and the remedy', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-keyfile-'));
    fs.writeFileSync(path.join(dataDir, name), '');
    const { code, stderr } = await serverProcessExit({ DATA_DIR: dataDir }, 60_000);
    console.log(`${name} of 0 bytes: exit ${code}, stderr: ${stderr.trim().slice(0, 300)}`);
    expect(code).toBe(1);
    expect(stderr).not.toMatch(/SyntaxError|\n\s+at /);
    expect(stderr.trim().split('\n')).toEqual([`${path.join(dataDir, name)} is damaged (empty); ${stderr.trim().split('; ').slice(1).join('; ')}`]);
    expect(stderr).toMatch(/restore it from the backup of DATA_DIR, or delete it/);
  }, 90_000);
});
