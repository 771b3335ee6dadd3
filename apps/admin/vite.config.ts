import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const serverOrigin = 'http://127.0.0.1:8080';

/**
 * Writes .br and .gz beside every script and stylesheet, so the server can send them
 * compressed without compressing on each request (@fastify/static `preCompressed: true`).
 * It runs in writeBundle, on the files as written: in generateBundle the chunks still hold
 * Vite's __VITE_PRELOAD__ placeholder, and a compressed copy of that breaks the page.
 */
function precompress(): Plugin {
  return {
    name: 'pp:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const bytes = readFileSync(join(dir, fileName));
        writeFileSync(join(dir, `${fileName}.gz`), gzipSync(bytes, { level: 9 }));
        writeFileSync(join(dir, `${fileName}.br`), brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// Served by the API server under /admin/.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { host: '127.0.0.1', proxy: { '/api': serverOrigin, '/envelope-key.json': serverOrigin } },
});
