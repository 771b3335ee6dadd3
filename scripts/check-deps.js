#!/usr/bin/env node
/**
 * The walls check: dependency-cruiser with the rules of .dependency-cruiser.cjs over apps/,
 * packages/ and bench/. The config refuses by default: an import that no `allowed` rule matches
 * is a `not-in-allowed` error, and the `forbidden` rules name the walls that matter most. Prints
 * every rule with its count and fails on any violation that is not in
 * .dependency-cruiser-known-violations.json: the imports that broke a wall before the
 * rule existed, listed one by one, to be worked off (the list may only shrink:
 * `npm run deps:baseline` rewrites it, and a review reads that diff). Run by `npm run lint`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const knownFile = '.dependency-cruiser-known-violations.json';
const args = ['depcruise', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
if (fs.existsSync(path.join(root, knownFile))) args.push('--ignore-known', knownFile);
args.push('apps', 'packages', 'bench');

const run = spawnSync('npx', ['--no-install', ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 28 });
if (run.error || !run.stdout) {
  console.error(run.error ?? run.stderr);
  process.exit(2);
}
const { summary } = JSON.parse(run.stdout);
// The allowed list reports as one rule of dependency-cruiser's own name, after the named walls.
const allowedRules = summary.ruleSetUsed.allowed ?? [];
const rules = [...(summary.ruleSetUsed.forbidden ?? [])];
if (allowedRules.length > 0)
  rules.push({ name: 'not-in-allowed', comment: `an import none of the ${allowedRules.length} allowed arrows matches (refused by default)` });
const counts = new Map(rules.map((r) => [r.name, { broken: 0, known: 0 }]));
for (const v of summary.violations) {
  const entry = counts.get(v.rule.name) ?? { broken: 0, known: 0 };
  if (v.rule.severity === 'ignore') entry.known++;
  else entry.broken++;
  counts.set(v.rule.name, entry);
}

console.log(`dependency rules (${summary.totalCruised} files, ${summary.totalDependenciesCruised} imports read):`);
for (const rule of rules) {
  const c = counts.get(rule.name);
  const known = c.known ? `, ${c.known} known` : '';
  console.log(`  ${c.broken === 0 ? 'ok  ' : 'FAIL'} ${rule.name.padEnd(34)} ${String(c.broken).padStart(3)} new${known}  ${rule.comment ?? ''}`);
}
const broken = summary.violations.filter((v) => v.rule.severity !== 'ignore');
for (const v of broken) {
  const via = v.cycle ? `: ${v.cycle.map((c) => (typeof c === 'string' ? c : c.name)).join(' -> ')}` : '';
  console.error(`  ${v.rule.name}: ${v.from} -> ${v.to}${via}`);
}
const known = summary.violations.length - broken.length;
console.log(`${broken.length} violations, ${known} known (listed in ${knownFile})`);
process.exit(broken.length === 0 ? 0 : 1);
