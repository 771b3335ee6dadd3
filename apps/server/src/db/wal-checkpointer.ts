/**
 * SQLite's WAL checkpoints, taken off the event loop (decision 030).
 *
 * In WAL mode a commit appends pages to the `-wal` file; by default, once that file holds 1,000
 * pages, the committing connection copies them back into the database and syncs it to disk
 * ("autocheckpoint"). better-sqlite3 runs on the server's one JavaScript thread, so that copy and
 * its fsync stop every request in flight: measured here, a nonce batch that usually takes 0.02 ms
 * took 5 to 12 ms about once every 600 batches, which under load is a few times a second and
 * set the envelope bench's p99.
 *
 * Here one worker thread per process keeps its own connection to each registered file and runs a
 * PASSIVE checkpoint every `intervalMs`: it copies what it can without waiting for, or blocking,
 * any reader or writer, and the fsync waits on the worker's thread. The server's connections keep
 * autocheckpoint as a backstop at `backstopPages` (about 40 MB of WAL), so if the worker stops or
 * falls behind, the file is still checkpointed, only less smoothly. Durability does not change:
 * a commit is durable in the WAL (synchronous FULL for the ledger) before a checkpoint copies it.
 * The worker only ever checkpoints; it reads and writes no rows.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the worker checkpoints each file. */
export const checkpointIntervalMs = 250;
/** The server's own autocheckpoint, kept as a backstop: 10,000 pages of 4 KB. */
export const backstopPages = 10_000;

// The worker is CommonJS evaluated from this text: no file of its own to find in the compiled
// build or under tsx. It receives the whole list of files each time the list changes.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const open = new Map();
function checkpointAll() {
  for (const [file, db] of open) {
    try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (error) { /* busy or gone: the next turn or the backstop */ }
  }
}
const timer = setInterval(checkpointAll, workerData.intervalMs);
parentPort.on('message', (message) => {
  const wanted = new Set(message.files);
  for (const [file, db] of open) {
    if (!wanted.has(file)) { try { db.close(); } catch (error) {} open.delete(file); }
  }
  for (const file of wanted) {
    if (open.has(file)) continue;
    try {
      const db = new Database(file, { fileMustExist: true });
      db.pragma('busy_timeout = 0');
      open.set(file, db);
    } catch (error) { /* not there (yet, or any more): the backstop checkpoints it */ }
  }
  if (wanted.size === 0) { clearInterval(timer); parentPort.close(); }
});
`;

let worker: Worker | null = null;
/** Registered files, counted: two connections of one process to one file share the worker's one. */
const registered = new Map<string, number>();

function sendFiles(): void {
  worker?.postMessage({ files: [...registered.keys()] });
}

/**
 * Puts `file`'s checkpoints on the worker thread and lowers `connection`'s own to a backstop.
 * Returns the function that takes the file off again (call it when the connection closes).
 * An in-memory database has no WAL: nothing is done for it.
 */
export function checkpointOffThread(connection: SQLite.Database, file: string): () => void {
  if (file === ':memory:' || file === '') return () => undefined;
  connection.pragma(`wal_autocheckpoint = ${backstopPages}`);
  registered.set(file, (registered.get(file) ?? 0) + 1);
  if (!worker) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    const started = new Worker(workerSource, { eval: true, workerData: { driver, intervalMs: checkpointIntervalMs } });
    // Never keeps a process alive; a failed worker only means the backstop checkpoints.
    started.unref();
    started.on('error', (error) => console.warn(`wal checkpointer stopped: ${String(error)}`));
    started.on('exit', () => {
      if (worker === started) worker = null;
    });
    worker = started;
  }
  sendFiles();
  let isRegistered = true;
  return () => {
    if (!isRegistered) return;
    isRegistered = false;
    const count = (registered.get(file) ?? 1) - 1;
    if (count > 0) registered.set(file, count);
    else registered.delete(file);
    sendFiles();
    // The worker closes its connections and ends itself once the list is empty.
    if (registered.size === 0) worker = null;
  };
}

/** Files whose checkpoints the worker takes (tests). */
export function checkpointedFiles(): string[] {
  return [...registered.keys()];
}
