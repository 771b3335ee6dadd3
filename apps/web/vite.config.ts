/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const serverOrigin = 'http://127.0.0.1:8080';
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
 * A first visit has no session, so it always shows /#/login (the guard sends every member path
 * there): index.html preloads the login page's chunks and the default language's shell texts beside
 * the entry, instead of the browser finding them only once the entry has run (decision 014).
 * A member's tab (session token) fetches these few KB for nothing, which is the price.
 */
const firstPageModules = [/\/src\/features\/auth\/pages\/login\.tsx$/, /\/src\/app\/routes\/public-shell\.tsx$/, /\/src\/locales\/zh-CN\.json$/];
function preloadFirstPage(): Plugin {
  return {
    name: 'pp:preload-first-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const files = new Set<string>();
        const add = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== 'chunk') return;
          files.add(fileName);
          chunk.imports.forEach(add);
        };
        for (const chunk of Object.values(bundle)) {
          const id = chunk.type === 'chunk' ? chunk.facadeModuleId : null;
          if (id && firstPageModules.some((pattern) => pattern.test(id))) add(chunk.fileName);
        }
        const missing = firstPageModules.filter((pattern) => !Object.values(bundle).some((c) => c.type === 'chunk' && c.facadeModuleId && pattern.test(c.facadeModuleId)));
        if (missing.length > 0) throw new Error(`pp:preload-first-page: no chunk for ${missing.join(', ')}`);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), precompress(), preloadFirstPage()],
  resolve: {
    // Decision 014: the app's own 1 KB useTranslation (lib/i18n.ts) instead of i18next and
    // react-i18next, under the usual import name; tsconfig.json maps the name for the types.
    // zod resolves to src/lib/zod-config.ts, which sets zod up for the CSP and re-exports it.
    alias: [
      { find: /^react-i18next$/, replacement: path.resolve(import.meta.dirname, 'src/lib/react-i18next.ts') },
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-config.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
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
});
