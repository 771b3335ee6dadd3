// Compiles the server and its command-line tools to plain JavaScript (apps/server/dist), so
// production runs `node apps/server/dist/main.js` with no TypeScript loader. Our own workspace
// packages (@pp/*) are bundled in; every other package stays an import of node_modules.
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');

await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/server/src/main.ts',
    'ledger-verify': 'apps/server/src/ledger-verify-cli.ts',
    'admin-create': 'apps/server/src/modules/identity/staff/create-cli.ts',
    backup: 'apps/server/src/backup-cli.ts',
  },
  outdir: path.join(server, 'dist'),
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pp/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
console.log('server compiled to apps/server/dist');
