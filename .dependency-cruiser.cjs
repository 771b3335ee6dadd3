/**
 * The walls of the code base (issue 32), checked by dependency-cruiser in `npm run lint` (so in
 * `npm test`) through scripts/check-deps.js, which prints each rule with its count. Imports are
 * read from the TypeScript sources, type-only imports included: a type import is an arrow too.
 * The layers and their allowed arrows are drawn in docs/architecture.md.
 */
const server = '^apps/server/src/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file reaches itself through its imports (type imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-is-the-floor',
      comment: 'packages/contract is shared by both sides of the wire: it imports no app and no other package of ours.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps/|packages/(?!contract/))' },
    },
    {
      name: 'envelope-stands-alone',
      comment: 'packages/envelope (the wire format) imports no app and no other package of ours.',
      severity: 'error',
      from: { path: '^packages/envelope/' },
      to: { path: '^(apps/|packages/(?!envelope/))' },
    },
    {
      name: 'kit-below-the-apps',
      comment: 'packages/browser-kit serves both browser apps and imports neither.',
      severity: 'error',
      from: { path: '^packages/browser-kit/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-apart',
      comment: 'An app never imports another app: what both sides share lives in packages/.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'db-is-the-floor',
      comment: 'apps/server/src/db (connections, migrations, the transaction helper) imports no module, plugin, job or the composition.',
      severity: 'error',
      from: { path: `${server}db/` },
      to: { path: `${server}(modules/|plugins/|jobs/|services\\.ts$|app\\.ts$)` },
    },
    {
      name: 'ledger-is-the-core',
      comment: 'The ledger imports nothing from plugins/, jobs/, the composition root or another module.',
      severity: 'error',
      from: { path: `${server}modules/wallet/ledger/` },
      to: { path: `${server}(plugins/|jobs/|modules/(?!wallet/ledger/)|services\\.ts$|app\\.ts$)` },
    },
    {
      name: 'no-composition-root-in-modules',
      comment: 'A module receives the services it uses; it never imports the composition root (services.ts, app.ts).',
      severity: 'error',
      from: { path: `${server}modules/` },
      to: { path: `${server}(services\\.ts|app\\.ts)$` },
    },
    {
      name: 'modules-through-their-entry',
      comment: "A module (modules/<domain>/<module>/) reaches another only through that module's entry (its index.ts).",
      severity: 'error',
      from: { path: `${server}modules/([^/]+/[^/]+)/` },
      to: { path: `${server}modules/[^/]+/[^/]+/(?!index\\.ts$)`, pathNot: `${server}modules/$1/` },
    },
    {
      name: 'features-not-into-app',
      comment: "A web or admin feature never imports its app's shell (src/app/): the shell imports the features.",
      severity: 'error',
      from: { path: '^apps/(web|admin)/src/features/' },
      to: { path: '^apps/(web|admin)/src/app/' },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Production code imports no test file.',
      severity: 'error',
      from: { pathNot: '(\\.test\\.tsx?$|\\.int\\.test\\.ts$|^e2e/|^bench/|/test/)' },
      to: { path: '(\\.test\\.tsx?$|\\.int\\.test\\.ts$|^e2e/|/test/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-ssr)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
