/// <reference types="vitest/config" />
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const serverOrigin = 'http://127.0.0.1:8080';
/**
 * Writes .br and .gz beside every script and stylesheet, so the server can send them
 * compressed without compressing on each request (@fastify/static `preCompressed: true`).
 */
function precompress(): Plugin {
  return {
    name: 'pp:precompress',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (!/\.(js|css)$/.test(file.fileName)) continue;
        const source = file.type === 'chunk' ? file.code : file.source;
        const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        this.emitFile({ type: 'asset', fileName: `${file.fileName}.gz`, source: gzipSync(bytes, { level: 9 }) });
        this.emitFile({
          type: 'asset',
          fileName: `${file.fileName}.br`,
          source: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        });
      }
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), precompress()],
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
