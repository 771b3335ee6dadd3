/** `npm run bench`: every benchmark in one run, each figure beside its same-run baseline. */
import { chainBench } from './chain.bench.ts';
import { envelopeBench } from './envelope.bench.ts';
import { ledgerBench } from './ledger.bench.ts';
import { lighthouseBench } from './lighthouse.bench.ts';
import { packagesBench } from './packages.bench.ts';
import { communityBench } from './community.bench.ts';
import { rushBench } from './rush.bench.ts';
import { recordFigures, type BenchFigure } from './results.ts';

const only = process.argv[2];
const figures: BenchFigure[] = [];
if (!only || only === 'envelope') figures.push(...(await envelopeBench()));
if (!only || only === 'ledger') figures.push(...(await ledgerBench()));
if (!only || only === 'chain') figures.push(...(await chainBench()));
if (!only || only === 'lighthouse') figures.push(...(await lighthouseBench()));
if (!only || only === 'packages') figures.push(...(await packagesBench()));
if (!only || only === 'community') figures.push(...(await communityBench()));
if (!only || only === 'rush') figures.push(...(await rushBench()));
recordFigures(figures);
console.log(`\n${figures.length} figures written to bench-results.json`);
