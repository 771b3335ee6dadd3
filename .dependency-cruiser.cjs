/**
 * The walls of the code base, checked by dependency-cruiser in `npm run lint` (so in `npm test`)
 * through scripts/check-deps.js, which prints each rule with its count. Imports are read from the
 * TypeScript sources, type-only imports included: a type import is an arrow too.
 *
 * Refused by default: `allowed` lists every arrow a file may draw, and any import no allowed rule
 * matches is a `not-in-allowed` error. The `forbidden` rules below name the walls that matter
 * most (and the ones the allowed list cannot say, such as cycles), so a break reads as its wall.
 * The layers and their allowed arrows are drawn in docs/architecture.md; keep the two together.
 */
const server = '^apps/server/src/';
const browser = '^apps/(web|admin)/src/';
const core = { dependencyTypes: ['core'] };
/** Test code: unit, integration and browser tests, their helpers, the benchmarks. */
const testCode = '(\\.test\\.tsx?$|\\.int\\.test\\.ts$|^e2e/|^bench/|/test/)';

/** The server's composition: the entry, the app, the services, the demo seed and the command-line tools. */
const composition = `${server}(main\\.ts$|app\\.ts$|services\\.ts$|[^/]+-cli\\.ts$|demo/)`;
/** The settings: read once from the environment, below everything that uses them. */
const settings = `${server}(config\\.ts$|config/|config-error\\.ts$)`;
/** Below the modules: the data layer, AppError, the event bus, the job runner. */
const belowModules = `${server}(db/|errors\\.ts$|lib/|jobs/runner\\.ts$)`;
/** A web or admin app's kit: its own UI components, lib (API client, storage, i18n) and texts. */
const appKit = `${browser}(components/(?!layouts/)|lib/|locales/)`;

module.exports = {
  allowedSeverity: 'error',
  allowed: [
    {
      comment: 'Node built-ins (node:fs, node:crypto...) anywhere but in what the browser apps bundle.',
      from: { pathNot: browser },
      to: core,
    },
    {
      comment: "Node built-ins in the browser apps' build-time code (boot/: the first load rendered at build) and their tests.",
      from: { path: `${browser}(boot/|.*\\.test\\.tsx?$)` },
      to: core,
    },
    {
      comment: 'Within a package: a package imports its own files.',
      from: { path: '^packages/([^/]+)/' },
      to: { path: '^packages/$1/' },
    },
    {
      comment: 'The typed client (what a third party uses, and the apps under their UI) stands on the contract and the envelope.',
      from: { path: '^packages/client/' },
      to: { path: '^packages/(contract|envelope)/' },
    },
    {
      comment: 'The browser kit stands on the typed client, the contract and the envelope.',
      from: { path: '^packages/browser-kit/' },
      to: { path: '^packages/(client|contract|envelope)/' },
    },
    // The server, bottom up.
    {
      comment: 'AppError and the data layer use the contract (error keys, amounts).',
      from: { path: `${server}(errors\\.ts$|db/)` },
      to: { path: `^packages/contract/|${server}(errors\\.ts$|db/)` },
    },
    {
      comment: 'The event bus and the job runner stand on the data layer.',
      from: { path: `${server}(lib/|jobs/runner\\.ts$)` },
      to: { path: `^packages/contract/|${belowModules}` },
    },
    {
      comment: 'The settings read the environment; they import each other, the database timeouts and nothing above.',
      from: { path: settings },
      to: { path: `${settings}|${server}db/timeouts\\.ts$` },
    },
    {
      comment:
        'Plugins (the transport: envelope, api-route, errors, faults...) stand on the layers below the modules; a module they serve is passed in, typed by a shape the plugin names.',
      from: { path: `${server}plugins/` },
      to: { path: `^packages/(contract|envelope)/|${server}plugins/|${belowModules}|${settings}` },
    },
    {
      comment: 'Modules use the plugins, the layers below and another module (through its entry, see modules-through-their-entry); never the composition.',
      from: { path: `${server}modules/` },
      to: { path: `^packages/(contract|envelope)/|${server}(modules/|plugins/)|${belowModules}|${settings}` },
    },
    {
      comment: "The server's own jobs (ledger-verify, housekeeping) sit above the modules and plugins they run.",
      from: { path: `${server}jobs/index\\.ts$` },
      to: { path: `^packages/contract/|${server}(modules/|plugins/|jobs/)|${belowModules}|${settings}` },
    },
    {
      comment: 'The composition root wires everything on the server side.',
      from: { path: composition },
      to: { path: `^packages/(contract|envelope)/|${server}` },
    },
    // The browser apps, bottom up.
    {
      comment:
        "An app's kit (components other than the layouts, lib, locales) uses itself, the kit package, the contract and the envelope; the first load's hand-over points in boot/ are part of it.",
      from: { path: appKit },
      to: { path: '^packages/(browser-kit|contract|envelope)/|^apps/$1/src/(components/(?!layouts/)|lib/|locales/|boot/(first-answers|hand-over)\\.ts$)' },
    },
    {
      comment:
        'A feature uses its own folder, its app kit, the layouts and the first-load hand-over points, and the packages; never another feature (features-apart).',
      from: { path: `${browser}features/([^/]+)/` },
      to: { path: '^packages/(browser-kit|contract|envelope)/|^apps/$1/src/(features/$2/|components/|lib/|locales/|boot/(first-answers|hand-over)\\.ts$)' },
    },
    {
      comment: "The layouts are the frame the shell puts pages in: menus, the language menu and the support panel (the support feature's widgets).",
      from: { path: `${browser}components/layouts/` },
      to: { path: '^packages/(browser-kit|contract)/|^apps/$1/src/(components/|lib/|locales/|features/support/)' },
    },
    {
      comment: 'The shell (main.tsx, app/, boot/, the stylesheet) imports the features, the layouts and the kit.',
      from: { path: `${browser}(main\\.tsx$|app/|boot/)` },
      to: { path: '^packages/(browser-kit|contract|envelope)/|^apps/$1/src/' },
    },
    {
      comment: 'An app outside its src/ (vite config, build scripts) reads its own app.',
      from: { path: '^apps/(web|admin)/(?!src/)' },
      to: { path: '^apps/$1/|^packages/' },
    },
    // Test code.
    {
      comment: 'Tests, their helpers and the benchmarks reach what they test: their own app, the packages, the browser-test helpers and the benchmarks.',
      from: { path: testCode },
      to: { path: '^packages/|^e2e/|^bench/' },
    },
    {
      comment: 'A test in an app reaches any file of that app.',
      from: { path: '^apps/([^/]+)/(test/|.*/test/|.*\\.test\\.tsx?$|.*\\.int\\.test\\.ts$)' },
      to: { path: '^apps/$1/' },
    },
    {
      comment: 'A test\'s `/// <reference types="node" />` (read as an import of "node") where its package has no Node types.',
      from: { path: testCode },
      to: { path: '^node$' },
    },
    {
      comment: 'Browser tests and benchmarks start and measure the server.',
      from: { path: '^(e2e|bench)/' },
      to: { path: '^apps/server/' },
    },
  ],
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
      name: 'client-for-any-program',
      comment: 'packages/client is what a third party runs: it imports no app and no UI (the browser kit stands on it, not the other way).',
      severity: 'error',
      from: { path: '^packages/client/' },
      to: { path: '^(apps/|packages/browser-kit/)' },
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
      name: 'settings-below-modules',
      comment: 'config.ts and config/ (the settings) and the plugins import no module: a module needs them, never the other way.',
      severity: 'error',
      from: { path: `${server}(config\\.ts$|config/|plugins/)`, pathNot: testCode },
      to: { path: `${server}modules/` },
    },
    {
      name: 'ledger-is-the-core',
      comment: 'The ledger imports nothing from plugins/, jobs/, the composition root or another module.',
      severity: 'error',
      from: { path: `${server}modules/wallet/ledger/` },
      to: { path: `${server}(plugins/|jobs/|modules/(?!wallet/ledger/)|services\\.ts$|app\\.ts$)` },
    },
    {
      name: 'platform-below-the-domains',
      comment:
        "modules/platform (settings, countries, mail, uploads, the audit trail, the review queues) serves every domain and imports none: a domain reacts to it through what the composition passes in (a review queue's handler) or the event bus.",
      severity: 'error',
      from: { path: `${server}modules/platform/`, pathNot: testCode },
      to: { path: `${server}modules/(?!platform/)` },
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
      name: 'features-apart',
      comment: 'A web or admin feature never imports another feature: what two features share moves to the app kit (lib/, components/).',
      severity: 'error',
      from: { path: `${browser}features/([^/]+)/` },
      to: { path: `${browser}features/`, pathNot: '^apps/$1/src/features/$2/' },
    },
    {
      name: 'features-not-into-app',
      comment: "A web or admin feature never imports its app's shell (src/app/): the shell imports the features.",
      severity: 'error',
      from: { path: `${browser}features/` },
      to: { path: `${browser}app/` },
    },
    {
      name: 'kits-not-into-features',
      comment: "Shared code (the packages, an app's components other than its layouts, lib/, locales/) imports no feature and no shell.",
      severity: 'error',
      from: { path: `^packages/|${appKit}` },
      to: { path: `${browser}(features/|app/)` },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Production code imports no test file.',
      severity: 'error',
      from: { pathNot: testCode },
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
