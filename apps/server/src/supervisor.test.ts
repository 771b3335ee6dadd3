// The shipped systemd unit (apps/server/deploy/points-portal.service, docs/operations.md): it
// restarts the process whatever ended it, sends SIGTERM to node itself (no shell or npm between,
// so the drain in main.ts runs), waits longer than the drain before SIGKILL, and passes
// `systemd-analyze verify` with no warning where systemd is installed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const unitFile = path.resolve(import.meta.dirname, '../deploy/points-portal.service');
const unit = fs.readFileSync(unitFile, 'utf8');
/** The drain main.ts allows after SIGTERM before it exits anyway. */
const shutdownGraceSeconds =
  Number(/const shutdownGraceMs = ([\d_]+);/.exec(fs.readFileSync(path.resolve(import.meta.dirname, 'main.ts'), 'utf8'))![1]!.replace(/_/g, '')) / 1000;

function setting(section: string, key: string): string | undefined {
  const body = unit.split(/^\[/m).find((part) => part.startsWith(`${section}]`));
  return body
    ?.split('\n')
    .find((line) => line.startsWith(`${key}=`))
    ?.slice(key.length + 1);
}

const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => fs.existsSync(p));

describe('the systemd unit', () => {
  it('restarts always, signals node directly and outlasts the drain', () => {
    expect(setting('Service', 'Restart')).toBe('always');
    expect(setting('Unit', 'StartLimitIntervalSec')).toBe('0');
    expect(setting('Service', 'KillSignal')).toBe('SIGTERM');
    expect(setting('Service', 'ExecStart')).toMatch(/^\/usr\/bin\/node .*apps\/server\/dist\/main\.js$/);
    expect(shutdownGraceSeconds).toBeGreaterThan(0);
    expect(Number(setting('Service', 'TimeoutStopSec'))).toBeGreaterThan(shutdownGraceSeconds);
  });

  it.runIf(analyze)('passes systemd-analyze verify without a warning', () => {
    // verify wants the unit under a name it can load; a copy in a folder of its own.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-unit-'));
    try {
      const copy = path.join(dir, 'points-portal.service');
      fs.copyFileSync(unitFile, copy);
      const result = spawnSync(analyze!, ['verify', copy], { encoding: 'utf8' });
      const complaints = `${result.stdout}${result.stderr}`.split('\n').filter((line) => line.includes('points-portal.service'));
      expect(complaints).toEqual([]);
      expect(result.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
