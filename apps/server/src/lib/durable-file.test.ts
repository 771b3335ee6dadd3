// Files the server writes once and reads at every start are whole or absent (decision 084): a
// write that fails part-way leaves nothing under the real name, a second writer of an exclusive
// file is refused, a damaged file is named with what to do, and the key files go through it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DamagedFileError, readJsonFile, writeFileDurably } from './durable-file.ts';
import { resolveServerKey } from '../plugins/envelope.ts';
import { SqliteReplayStore } from '../plugins/replay-guard.ts';

const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pp-durable-'));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('writeFileDurably', () => {
  it('writes the whole file, mode 0600, and leaves no temporary file', () => {
    const dir = folder();
    const file = path.join(dir, 'key.json');
    writeFileDurably(file, '{"a":1}', { mode: 0o600 });
    expect(fs.readFileSync(file, 'utf8')).toBe('{"a":1}');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(['key.json']);
  });

  it('leaves the target absent when the disk fails part-way, and a later write succeeds', () => {
    const dir = folder();
    const file = path.join(dir, 'key.json');
    const spy = vi.spyOn(fs, 'writeSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    expect(() => writeFileDurably(file, '{"a":1}', { exclusive: true })).toThrow(/ENOSPC/);
    expect(spy).toHaveBeenCalled();
    expect(fs.readdirSync(dir)).toEqual([]);
    writeFileDurably(file, '{"a":2}', { exclusive: true });
    expect(fs.readFileSync(file, 'utf8')).toBe('{"a":2}');
  });

  it('refuses an exclusive write over an existing file and keeps the first', () => {
    const dir = folder();
    const file = path.join(dir, 'key.json');
    writeFileDurably(file, 'first', { exclusive: true });
    expect(() => writeFileDurably(file, 'second', { exclusive: true })).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(fs.readFileSync(file, 'utf8')).toBe('first');
    expect(fs.readdirSync(dir)).toEqual(['key.json']);
  });

  it('names an empty or unparsable file and the remedy', () => {
    const dir = folder();
    const file = path.join(dir, 'key.json');
    fs.writeFileSync(file, '');
    expect(() => readJsonFile(file, 'restore it')).toThrow(new DamagedFileError(file, 'restore it', 'empty'));
    fs.writeFileSync(file, '{"kty":"OK');
    expect(() => readJsonFile(file, 'restore it')).toThrow(`${file} is damaged (not valid JSON); restore it`);
  });
});

describe('the envelope key file', () => {
  it('is left absent, not empty, when its write fails, so the next start makes a new one', () => {
    const dataDir = folder();
    const file = path.join(dataDir, 'envelope-key.json');
    vi.spyOn(fs, 'writeSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('EIO: i/o error, write'), { code: 'EIO' });
    });
    // Before: writeFileSync left a 0-byte envelope-key.json behind, and every later start failed
    // with "SyntaxError: Unexpected end of JSON input".
    expect(() => resolveServerKey({ envelopeKey: '', dataDir })).toThrow(/EIO/);
    expect(fs.existsSync(file)).toBe(false);
    vi.restoreAllMocks();
    const key = resolveServerKey({ envelopeKey: '', dataDir });
    expect(resolveServerKey({ envelopeKey: '', dataDir }).publicJwk).toEqual(key.publicJwk);
  });

  it('refuses a damaged file by name with what to do, not a SyntaxError', () => {
    const dataDir = folder();
    fs.writeFileSync(path.join(dataDir, 'envelope-key.json'), '');
    expect(() => resolveServerKey({ envelopeKey: '', dataDir })).toThrow(DamagedFileError);
    expect(() => resolveServerKey({ envelopeKey: '', dataDir })).toThrow(/envelope-key\.json is damaged \(empty\); restore it/);
  });
});

describe('the SQLite nonce file', () => {
  it('commits with synchronous FULL, so a power cut forgets no nonce answered as fresh', async () => {
    const store = new SqliteReplayStore(path.join(folder(), 'replay-nonces.db'));
    try {
      // 2 is FULL, 1 NORMAL.
      expect((store as unknown as { db: { pragma(s: string, o: object): unknown } }).db.pragma('synchronous', { simple: true })).toBe(2);
    } finally {
      await store.close();
    }
  });
});
