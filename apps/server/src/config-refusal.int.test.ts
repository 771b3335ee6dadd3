// Proves that a setting production refuses stops the process the way every refused setting does:
// one line on stderr naming the variable and the reason, exit 1, no stack trace.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverProcessExit } from '../test/process.ts';

describe('settings production refuses', () => {
  it('stops with one line naming the setting and exit 1', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-refuse-'));
    try {
      const cases: Array<[Record<string, string>, RegExp]> = [
        [{ CAPTCHA: 'off' }, /^CAPTCHA is refused: off when NODE_ENV=production/],
        [{ CAPTCHA: 'on', DEMO_DATA: 'on' }, /^DEMO_DATA is refused: on when NODE_ENV=production/],
      ];
      for (const [env, line] of cases) {
        const result = await serverProcessExit({ NODE_ENV: 'production', DATA_DIR: dataDir, ...env });
        console.log(`NODE_ENV=production ${JSON.stringify(env)}: exit ${result.code}, stderr ${JSON.stringify(result.stderr)}`);
        expect(result.code).toBe(1);
        const lines = result.stderr.trim().split('\n');
        expect(lines, result.stderr).toHaveLength(1);
        expect(result.stderr).not.toMatch(/\n\s+at |\.ts:\d|Error:/);
        expect(lines[0]).toMatch(line);
      }
      // Nothing was started: no database was made.
      expect(fs.existsSync(path.join(dataDir, 'portal.db'))).toBe(false);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
