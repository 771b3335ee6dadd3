/** `npm run bench`: every benchmark in one run, each figure beside its same-run baseline. */
import { envelopeBench } from './envelope.bench.ts';
import { recordFigures, type BenchFigure } from './results.ts';

const figures: BenchFigure[] = [];
figures.push(...(await envelopeBench()));
recordFigures(figures);
console.log(`\n${figures.length} figures written to bench-results.json`);
