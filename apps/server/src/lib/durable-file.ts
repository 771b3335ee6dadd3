/**
 * Files the server writes once and reads at every start (the envelope key, the game token key):
 * written whole or not at all. A plain writeFileSync that meets a full disk or a crash leaves a
 * short or empty file under the real name, and every later start then fails on it. Here the
 * bytes go to a temporary file beside the target, are fsynced, and only then take the target's
 * name (rename, or link when the name must not exist yet), and the folder is fsynced so that the
 * name survives a power cut too (decision 084).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A file the server needs at start is there but unreadable: main.ts prints the message as one line and exits 1. */
export class DamagedFileError extends Error {
  constructor(
    readonly file: string,
    /** What the operator should do, in words. */
    readonly remedy: string,
    reason: string,
  ) {
    super(`${file} is damaged (${reason}); ${remedy}`);
    this.name = 'DamagedFileError';
  }
}

function fsyncFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(folder, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems refuse to open or sync a folder; the rename is then as durable as they allow.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Writes `data` to `file` through a temporary file, fsync and rename, then fsyncs the folder.
 * `exclusive`: the name must not exist yet (fails with EEXIST when another process wrote it
 * first, like writeFileSync's 'wx'), so the temporary file is linked to the name, not renamed.
 * On any failure the target is untouched and the temporary file is removed.
 */
export function writeFileDurably(file: string, data: string | Uint8Array, options: { mode?: number; exclusive?: boolean } = {}): void {
  const folder = path.dirname(file);
  const temporary = path.join(folder, `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  try {
    const fd = fs.openSync(temporary, 'wx', options.mode ?? 0o600);
    try {
      let written = 0;
      while (written < bytes.length) written += fs.writeSync(fd, bytes, written, bytes.length - written);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (options.exclusive) fs.linkSync(temporary, file);
    else fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  fsyncFolder(folder);
}

/** Reads a JSON file the server needs at start; an empty or unparsable one is a DamagedFileError naming the file and the remedy. */
export function readJsonFile<T>(file: string, remedy: string): T {
  const text = fs.readFileSync(file, 'utf8');
  if (text.trim() === '') throw new DamagedFileError(file, remedy, 'empty');
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new DamagedFileError(file, remedy, 'not valid JSON');
  }
}
