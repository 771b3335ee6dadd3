/**
 * The member portal as an earlier commit built it, for a benchmark to measure beside the current
 * build in the same run (a busy machine moves both figures alike, so React's figures are read
 * beside the same run's figures of the build before it).
 *
 * The commit's tree comes from `git archive` into a folder under the system temp dir; its
 * node_modules holds every package of this checkout's node_modules as hard links, except our own
 * workspaces (`@pp/*`, linked to the commit's own packages) and the packages the commit's web app named that
 * this checkout no longer installs (fetched with `npm pack` at the commit's lockfile versions).
 * Then the commit's own `npm run build -w apps/web` runs there. The built folder is kept and reused
 * by the next run for the same commit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface LockPackage {
  version?: string;
}

/** The web app's dist folder built from `rev`, built now unless a finished one is there. */
export function baselineWebDist(repoRoot: string, rev: string): { commit: string; dist: string } {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${rev}^{commit}`], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const root = path.join(os.tmpdir(), `pp-bench-web-${commit.slice(0, 12)}`);
  const dist = path.join(root, 'apps/web/dist');
  const done = path.join(root, '.built');
  if (fs.existsSync(done) && fs.existsSync(path.join(dist, 'index.html'))) return { commit, dist };

  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  const archive = spawnSync('git', ['archive', '--format=tar', commit], { cwd: repoRoot, maxBuffer: 1 << 30 });
  if (archive.status !== 0) throw new Error(`git archive ${commit} failed: ${archive.stderr.toString()}`);
  const untar = spawnSync('tar', ['-x', '-C', root], { input: archive.stdout });
  if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr.toString()}`);

  linkModules(repoRoot, root);
  fetchMissing(root);

  console.log(`baseline: building apps/web at ${commit.slice(0, 10)} in ${root}`);
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error(`the baseline build at ${commit} failed (${build.status})`);
  fs.writeFileSync(done, `${new Date().toISOString()}\n`);
  return { commit, dist };
}

/**
 * node_modules of the archive: this checkout's packages as hard links (no copy of the bytes; a
 * link's real path is in the archive, so a package importing `react` finds what the archive's
 * build aliases it to), and the workspaces from the archive.
 */
function linkModules(repoRoot: string, root: string): void {
  const target = path.join(root, 'node_modules');
  execFileSync('cp', ['-al', path.join(repoRoot, 'node_modules'), target]);
  for (const scratch of ['@pp', '.vite', '.cache']) fs.rmSync(path.join(target, scratch), { recursive: true, force: true });
  fs.mkdirSync(path.join(target, '@pp'));
  for (const folder of ['packages', 'apps']) {
    for (const name of fs.readdirSync(path.join(root, folder))) {
      if (fs.existsSync(path.join(root, folder, name, 'package.json'))) fs.symlinkSync(path.join(root, folder, name), path.join(target, '@pp', name));
      // A workspace's own node_modules (npm puts a version there when the root's differs).
      const own = path.join(repoRoot, folder, name, 'node_modules');
      if (fs.existsSync(own) && fs.existsSync(path.join(root, folder, name))) execFileSync('cp', ['-al', own, path.join(root, folder, name, 'node_modules')]);
    }
  }
}

/** The archive's web dependencies this checkout does not install, at the archive's lockfile versions. */
function fetchMissing(root: string): void {
  const web = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockPackage> };
  const names = Object.keys({ ...web.dependencies, ...web.devDependencies }).filter((n) => !n.startsWith('@pp/'));
  const missing = names.filter((n) => !fs.existsSync(path.join(root, 'node_modules', n)));
  if (missing.length === 0) return;
  const packs = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-pack-'));
  try {
    for (const name of missing) {
      const version = lock.packages[`node_modules/${name}`]?.version ?? lock.packages[`apps/web/node_modules/${name}`]?.version;
      if (!version) throw new Error(`the baseline's lockfile has no version of ${name}`);
      const file = execFileSync('npm', ['pack', `${name}@${version}`, '--silent'], { cwd: packs, encoding: 'utf8' })
        .trim()
        .split('\n')
        .pop()!;
      const into = path.join(root, 'node_modules', name);
      fs.mkdirSync(into, { recursive: true });
      execFileSync('tar', ['-x', '-z', '-f', path.join(packs, file), '-C', into, '--strip-components=1']);
      console.log(`baseline: ${name}@${version} fetched (this checkout no longer installs it)`);
    }
  } finally {
    fs.rmSync(packs, { recursive: true, force: true });
  }
}
