/** bench-results.json at the repository root: one entry per figure, each with its same-run baseline. */
import fs from 'node:fs';
import path from 'node:path';

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  baseline: number | null;
  baselineName?: string;
  note?: string;
}

const file = path.resolve(import.meta.dirname, '../bench-results.json');

/** Replaces the figures of the same names and keeps the others (later benchmarks add to the file). */
export function recordFigures(figures: BenchFigure[]): void {
  const existing: BenchFigure[] = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as BenchFigure[]) : [];
  const names = new Set(figures.map((f) => f.name));
  const merged = [...existing.filter((f) => !names.has(f.name)), ...figures];
  fs.writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
}
