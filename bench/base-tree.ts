/**
 * Another commit's source beside this checkout, so a benchmark can run the code before a change
 * and after it in one run, on the same machine, in turns (decision 083). The commit's tree is
 * written with `git archive` into a temporary folder: the repository is only read (no worktree is
 * registered, no index or ref touched, so other work in the checkout is not disturbed). The
 * dependencies are this checkout's, linked in: every package of `node_modules` except the
 * workspace's own (`@pp/*`), which point into the copy, so the copy runs its own contract and
 * packages with the same third-party code. Modules are loaded from it with `import()`; tsx, already
 * this process's loader, compiles them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

function git(...args: string[]): string {
  return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** Whether these paths differ from HEAD in the working tree (uncommitted changes). */
export function changedSinceHead(paths: string[]): boolean {
  try {
    execFileSync('git', ['-C', root, 'diff', '--quiet', 'HEAD', '--', ...paths], { stdio: 'ignore' });
    return false;
  } catch {
    return true;
  }
}

/** The commit a revision names, with its subject; throws when git does not know it. */
export function commitOf(revision: string): { sha: string; subject: string } {
  const sha = git('rev-parse', '--verify', `${revision}^{commit}`);
  return { sha, subject: git('log', '-1', '--format=%s', sha) };
}

/** The last commit that changed any of these paths, or null. */
export function lastChangeOf(paths: string[]): string | null {
  return git('log', '-1', '--format=%H', '--', ...paths) || null;
}

export interface BaseTree {
  sha: string;
  dir: string;
  /** Imports a module of the copy by its path in the repository. */
  load<T>(file: string): Promise<T>;
  remove(): void;
}

/** Writes the commit's tree into a temporary folder with this checkout's dependencies linked in. */
export function baseTree(sha: string): BaseTree {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-base-'));
  try {
    const tar = execFileSync('git', ['-C', root, 'archive', '--format=tar', sha], { maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: tar });
    const modules = path.join(root, 'node_modules');
    fs.mkdirSync(path.join(dir, 'node_modules'));
    for (const entry of fs.readdirSync(modules)) {
      if (entry === '@pp') continue;
      fs.symlinkSync(path.join(modules, entry), path.join(dir, 'node_modules', entry));
    }
    // The workspace's own packages: the same relative links as here, so they lead into the copy.
    const own = path.join(modules, '@pp');
    fs.mkdirSync(path.join(dir, 'node_modules', '@pp'));
    for (const entry of fs.readdirSync(own)) fs.symlinkSync(fs.readlinkSync(path.join(own, entry)), path.join(dir, 'node_modules', '@pp', entry));
    // A workspace's own node_modules (a version only it uses), where the copy has that workspace.
    for (const group of ['apps', 'packages']) {
      for (const name of fs.existsSync(path.join(root, group)) ? fs.readdirSync(path.join(root, group)) : []) {
        const nested = path.join(root, group, name, 'node_modules');
        if (fs.existsSync(nested) && fs.existsSync(path.join(dir, group, name)) && !fs.existsSync(path.join(dir, group, name, 'node_modules')))
          fs.symlinkSync(nested, path.join(dir, group, name, 'node_modules'));
      }
    }
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    sha,
    dir,
    load: <T>(file: string) => import(pathToFileURL(path.join(dir, file)).href) as Promise<T>,
    // Links are removed, not followed: this checkout's node_modules stays as it is.
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
