import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * RJSF imports markdown-to-jsx (~86 KB) for markdown descriptions, which no schema of ours turns on;
 * its own few messages need inline marks only (src/web/form/markdown.tsx). The bench build
 * (scripts/bench/form/vite.config.ts) aliases it the same way.
 */
export const markdownAlias = {
  find: /^markdown-to-jsx(\/react)?$/,
  replacement: fileURLToPath(new URL('./src/web/form/markdown.tsx', import.meta.url)),
};

// The SPA lives in src/web; the server serves dist/ in production and proxies nothing.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  resolve: { alias: [markdownAlias] },
  build: {
    outDir: '../../dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
