import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the API server under /admin/.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/envelope-key.json': 'http://127.0.0.1:8080' } },
});
