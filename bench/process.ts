/** Starting a benchmark's server in its own process, pinned to its own core when taskset is there. */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

/** Pins the server to the last core when taskset is there, and this process (the load) to the others. */
function pinning(): string[] {
  const cores = os.availableParallelism();
  if (cores < 2 || !fs.existsSync('/usr/bin/taskset')) return [];
  spawnSync('/usr/bin/taskset', ['-pc', `0-${cores - 2}`, String(process.pid)], { stdio: 'ignore' });
  return ['/usr/bin/taskset', '-c', String(cores - 1)];
}

/**
 * Runs `bench/<script>` with tsx in a child process and waits for the first line it prints (a JSON
 * object); `stop` ends the child by SIGTERM and waits for it.
 */
export async function startBenchServer<T>(script: string, env: Record<string, string> = {}): Promise<T & { stop(): Promise<void> }> {
  // BENCH_CPU_PROF_DIR=dir writes a V8 CPU profile of the server there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const argv = [...pinning(), process.execPath, ...profile, '--import', 'tsx', path.join(import.meta.dirname, script)];
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const line = await new Promise<string>((resolve, reject) => {
    const rl = readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server ${script} exited ${code}`)));
  });
  const info = JSON.parse(line) as T;
  return {
    ...info,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        // A server that does not close within 10 s (open connections) is ended hard.
        setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}

/**
 * The apps and the server built first (`npm run build`), unless BENCH_SKIP_BUILD=1 says the build
 * there is current. A full `npm run bench` builds once in run.ts, before its children, which
 * inherit BENCH_SKIP_BUILD=1; `npm run bench -- lighthouse` (or start) builds here.
 */
export function buildUnlessSkipped(bench: string, repoRoot: string): void {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  console.log(`\n${bench}: npm run build`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
  process.env.BENCH_SKIP_BUILD = '1';
}
