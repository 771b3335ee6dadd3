// Typechecks every workspace with its own tsconfig, one after another, and fails on the first error.
import { execFileSync } from 'node:child_process';

const projects = ['packages/contract', 'packages/envelope', 'packages/client', 'packages/browser-kit', 'apps/server', 'apps/web', 'apps/admin', 'e2e', 'bench'];
for (const project of projects) {
  process.stdout.write(`typecheck ${project}\n`);
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project, '--noEmit'], { stdio: 'inherit' });
}
