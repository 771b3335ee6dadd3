/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const serverOrigin = 'http://127.0.0.1:8080';
/**
 * React Router's package sends every bundler to its development build; the production build
 * beside it differs only in leaving out the development warnings (ENABLE_DEV_WARNINGS).
 */
const routerProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');
/**
 * Writes .br and .gz beside every script and stylesheet, so the server can send them
 * compressed without compressing on each request (@fastify/static `preCompressed: true`).
 * It runs in writeBundle, once every file is final: in generateBundle Vite has not yet put the
 * preload lists in place of its `__VITE_PRELOAD__` markers, and a compressed copy made there
 * throws "__VITE_PRELOAD__ is not defined" in every browser that accepts gzip or brotli.
 */
function precompress(): Plugin {
  return {
    name: 'pp:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const bytes = Buffer.from(source);
        const target = path.join(outDir, file.fileName);
        writeFileSync(`${target}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(`${target}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * The page's scripts, chosen by the page itself (decision 028, after 014). Vite would put the
 * entry script and every preload in the head; instead this writes them, in groups, into the
 * head's inline script of index.html (its app-scripts placeholder; it runs before the stylesheet's
 * link, so it does not wait for it, decision 031), and that script asks for
 * the groups the tab needs: always the entry and what it imports; without a session the login
 * page's chunks (a first visit always shows /#/login); with a session the member shell's chunks,
 * and on /#/index the dashboard's; and the texts of the tab's language. So a member's reload no
 * longer waits for the entry to run before asking for the member chunks, and no tab downloads
 * the other kind's. The stylesheet moves first in the head. Only in the build: the dev server
 * keeps Vite's own tags and the placeholder stays null.
 */
const languageList = ['zh-CN', 'en-US', 'ja-JP', 'ko-KP', 'id-ID'] as const;
const pageModules = {
  login: [/\/src\/features\/auth\/pages\/login\.tsx$/, /\/src\/app\/routes\/public-shell\.tsx$/],
  member: [/\/src\/app\/routes\/member-shell\.tsx$/],
  dashboard: [/\/src\/app\/routes\/dashboard\.tsx$/],
};
/** A language's texts: the shell's first (the login page needs only those), then the member texts and the server messages. */
const textModules = (language: string) => [
  new RegExp(`/src/locales/${language}\\.json$`),
  new RegExp(`/src/locales/member/${language}\\.json$`),
  new RegExp(`/contract/src/messages/${language}\\.ts$`),
  new RegExp(`/contract/src/messages/member/${language}\\.ts$`),
];
const placeholder = '/*app-scripts*/ null';
/** The module that paints a member's home from HTML before the app runs (decision 032, kept by 039). */
const memberPaintModule = /\/src\/boot\/member-paint-start\.ts$/;

/** The modules main.tsx imports one task after another (decision 033): the head script asks for their chunks with the entry's. */
const startModules = [/[\\/]react-dom[\\/]client\.js$/, /[\\/]src[\\/]app[\\/]app\.tsx$/];

function appScripts(): Plugin {
  return {
    name: 'pp:app-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        /** These chunks with every chunk they import, minus `known`. */
        const withImports = (start: readonly string[], known: ReadonlySet<string>): string[] => {
          const files = new Set<string>();
          const add = (fileName: string) => {
            const chunk = bundle[fileName];
            if (files.has(fileName) || known.has(fileName) || chunk?.type !== 'chunk') return;
            files.add(fileName);
            chunk.imports.forEach(add);
          };
          start.forEach(add);
          return [...files];
        };
        /** The chunks of the modules matching the patterns, with their imports, minus `known`. */
        const closure = (patterns: RegExp[], known: ReadonlySet<string>): string[] =>
          withImports(
            patterns.map((pattern) => {
              // A page module is its chunk's facade, or one module of a group's chunk (memberGroup).
              const chunk =
                chunks.find((c) => c.facadeModuleId && pattern.test(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some((id) => pattern.test(id)));
              if (!chunk) throw new Error(`pp:app-scripts: no chunk for ${pattern}`);
              return chunk.fileName;
            }),
            known,
          );
        // The painted dashboard's module (decision 032) is an entry of its own, not the app's.
        const painter = chunks.find((c) => c.isEntry && c.facadeModuleId !== null && memberPaintModule.test(c.facadeModuleId));
        const entry = chunks.find((c) => c.isEntry && c !== painter);
        if (!entry || !painter) throw new Error('pp:app-scripts: no entry chunk, or none for the painted dashboard');
        // The entry's static imports, and the two it imports after a task boundary (main.tsx:
        // React DOM, then the app), which it needs at once (decision 033).
        const startChunks = entry.dynamicImports.filter((fileName) => {
          const chunk = bundle[fileName];
          return chunk?.type === 'chunk' && chunk.moduleIds.some((id) => startModules.some((pattern) => pattern.test(id)));
        });
        if (startChunks.length !== startModules.length)
          throw new Error(`pp:app-scripts: expected ${startModules.length} start chunks, found ${startChunks.length}`);
        const preload = withImports([...entry.imports, ...startChunks], new Set([entry.fileName]));
        const withEntry = new Set([entry.fileName, ...preload]);
        const url = (files: string[]) => files.map((f) => `/${f}`);
        const memberFiles = closure(pageModules.member, withEntry);
        const app = {
          entry: `/${entry.fileName}`,
          preload: url(preload),
          login: url(closure(pageModules.login, withEntry)),
          member: url(memberFiles),
          // The inline script asks for the member files first: the dashboard's list leaves them out.
          dashboard: url(closure(pageModules.dashboard, new Set([...withEntry, ...memberFiles]))),
          texts: Object.fromEntries(languageList.map((language) => [language, url(closure(textModules(language), withEntry))])),
          // Its imports are asked for beside it, so they do not wait for it to be parsed.
          memberPaint: { entry: `/${painter.fileName}`, preload: url(withImports(painter.imports, new Set([painter.fileName]))) },
        };
        if (!html.includes(placeholder)) throw new Error(`pp:app-scripts: index.html has no ${placeholder}`);
        // Vite's own tags for the entry and its imports go: the inline script asks for them.
        let page = html
          .replace(/^\s*<script type="module" crossorigin src="[^"]+"><\/script>\n/gm, '')
          .replace(/^\s*<link rel="modulepreload" crossorigin href="[^"]+">\n/gm, '');
        if (/<link rel="modulepreload"|<script type="module"/.test(page)) throw new Error('pp:app-scripts: a script tag of Vite was left in the page');
        const stylesheets = page.match(/^\s*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        for (const link of stylesheets) page = page.replace(link, '');
        page = page.replace(/(<title>[^<]*<\/title>\n)/, `$1${stylesheets.join('')}`);
        return page.replace(placeholder, JSON.stringify(app));
      },
    },
  };
}

/**
 * One chunk for a member's first page. Left to itself, the bundler splits the code a member page
 * needs into many chunks of 1 to 6 KB (each set of modules shared by the same pages its own
 * chunk): /#/index asked for 55 scripts, which queue six at a time on an HTTP/1.1 connection
 * pool, a round trip each on a phone network. Here every module that the member shell and the
 * dashboard import statically, and that neither the entry nor the login page brings, goes into
 * one chunk, `member` (29 scripts in all, decision 029; 27 since decision 031 put what the login page
 * shares with the member pages into one `kit` chunk). Other member pages still load
 * their own chunks, and what they share with the dashboard comes with the member chunk that every
 * member page loads anyway. The module graph is read when the build has parsed every module
 * (buildEnd), before the chunks are made.
 */
const memberRoots = [...pageModules.member, ...pageModules.dashboard];
const memberGroup = new Set<string>();
const kitGroup = new Set<string>();
const isPage = (id: string) => [...pageModules.login, ...memberRoots].some((pattern) => pattern.test(id));
function memberChunk(): Plugin {
  return {
    name: 'pp:member-chunk',
    apply: (config, env) => env.command === 'build' && !env.isSsrBuild && !config.build?.ssr,
    buildEnd() {
      memberGroup.clear();
      const ids = [...this.getModuleIds()];
      const walk = (id: string, into: Set<string>, stop: ReadonlySet<string>) => {
        if (into.has(id) || stop.has(id)) return;
        const info = this.getModuleInfo(id);
        if (!info) return;
        into.add(id);
        for (const next of info.importedIds) walk(next, into, stop);
      };
      /** The entry's modules, and then the login page's. */
      const entry = new Set<string>();
      for (const id of ids) if (this.getModuleInfo(id)?.isEntry) walk(id, entry, new Set());
      const entryOnly = new Set(entry);
      // What the login page imports stays out too: a first visit must not load member code.
      for (const id of ids) if (pageModules.login.some((pattern) => pattern.test(id))) walk(id, entry, new Set());
      const roots = ids.filter((id) => memberRoots.some((pattern) => pattern.test(id)));
      if (roots.length !== memberRoots.length) throw new Error(`pp:member-chunk: found ${roots.length} of ${memberRoots.length} member page modules`);
      for (const id of roots) walk(id, memberGroup, entry);
      // Texts stay in their language's chunks: a tab loads one language.
      for (const id of memberGroup) if (languageList.some((language) => textModules(language).some((pattern) => pattern.test(id)))) memberGroup.delete(id);
      // What the login page shares with the member pages (button, skip link, icons...): one chunk
      // rather than one per module, for both (decision 031). The kit's modules that the entry's
      // walk reaches through the kit's index (field, form) stay where the bundler puts them: the
      // walk cannot tell which of the index's exports the entry keeps.
      kitGroup.clear();
      const loginClosure = new Set<string>();
      for (const id of ids) if (pageModules.login.some((pattern) => pattern.test(id))) walk(id, loginClosure, entryOnly);
      const memberClosure = new Set<string>();
      for (const id of roots) walk(id, memberClosure, entryOnly);
      for (const id of loginClosure) if (memberClosure.has(id) && !isPage(id)) kitGroup.add(id);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: [react(), precompress(), appScripts(), memberChunk()],
  resolve: {
    // Decision 014: the app's own 1 KB useTranslation (lib/i18n.ts) instead of i18next and
    // react-i18next, under the usual import name; tsconfig.json maps the name for the types.
    // zod resolves to src/lib/zod-config.ts, which sets zod up for the CSP and re-exports it.
    alias: [
      { find: /^react-i18next$/, replacement: path.resolve(import.meta.dirname, 'src/lib/react-i18next.ts') },
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-config.ts') },
      { find: /^react-router$/, replacement: routerProduction },
    ],
  },
  // The build-time render (src/boot/prerender.tsx) bundles its packages, so the aliases above (React
  // Router's production build, the app's own react-i18next and zod) reach them.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: isSsrBuild
      ? {}
      : {
          // The page (index.html) and the painted dashboard's module, which the page loads itself.
          input: {
            index: path.resolve(import.meta.dirname, 'index.html'),
            'member-paint': path.resolve(import.meta.dirname, 'src/boot/member-paint-start.ts'),
          },
          output: {
            codeSplitting: {
              // The group takes exactly the modules named, not their imports: those the entry
              // brings stay in the entry's chunk (the login page must not load the member chunk).
              groups: [
                { name: 'member', test: (id: string) => memberGroup.has(id), includeDependenciesRecursively: false },
                { name: 'kit', test: (id: string) => kitGroup.has(id), includeDependenciesRecursively: false },
              ],
            },
          },
        },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': serverOrigin,
      '/envelope-key.json': serverOrigin,
    },
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
}));
