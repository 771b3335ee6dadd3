// Proves the embedded nonce store refuses a second use, keeps nonces in its file across a reopen,
// and forgets them only after they expire.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteReplayStore } from './replay-guard.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('SqliteReplayStore', () => {
  it('refuses a nonce seen before, also after the file is reopened', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-nonce-'));
    dirs.push(dir);
    const file = path.join(dir, 'nonces.db');
    const now = 1_000_000;
    const first = new SqliteReplayStore(file, () => now);
    expect(await first.remember('a'.repeat(22), now + 1000)).toBe('fresh');
    expect(await first.remember('a'.repeat(22), now + 1000)).toBe('replayed');
    expect(await first.remember('b'.repeat(22), now + 1000)).toBe('fresh');
    await first.close();
    const reopened = new SqliteReplayStore(file, () => now);
    expect(await reopened.remember('a'.repeat(22), now + 1000)).toBe('replayed');
    await reopened.close();
  });

  it('deletes expired nonces on its next prune and keeps live ones', async () => {
    let now = 1_000_000;
    const store = new SqliteReplayStore(':memory:', () => now);
    expect(await store.remember('old-nonce-aaaaaaaaaaaaa', now + 1000)).toBe('fresh');
    expect(await store.remember('live-nonce-aaaaaaaaaaaa', now + 600_000)).toBe('fresh');
    now += 120_000;
    // The prune runs at most once a minute, before the insert that triggers it.
    expect(await store.remember('old-nonce-aaaaaaaaaaaaa', now + 1000)).toBe('fresh');
    expect(await store.remember('live-nonce-aaaaaaaaaaaa', now + 1000)).toBe('replayed');
    await store.close();
  });
});
