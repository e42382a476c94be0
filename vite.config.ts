import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * RJSF imports markdown-to-jsx (~86 KB) for markdown descriptions, which no schema of ours turns on;
 * its own few messages need inline marks only (src/web/form/markdown.tsx). The bench build
 * (scripts/bench/form/vite.config.ts) aliases it the same way.
 */
/**
 * The keyword checks a kind's precompiled validator imports (src/engine/keywords), in one chunk:
 * split by which kinds use them they became a dozen tiny chunks, each a request in the wave that
 * loads a form. Left out: the AJV definitions (define, index: only AJV's compiler uses them), the
 * helpers the app imports elsewhere, the checks the sign-in screens use (email, password) and
 * phoneNumber (libphonenumber-js, only for the kinds with a phone). The bench build does the same.
 */
const KEYWORD_CHECKS =
  /[\\/]src[\\/]engine[\\/]keywords[\\/](?!(?:define|index|types|pointer|dates|email|password|phoneNumber)\.ts$)[^\\/]+\.ts$/;

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
    rollupOptions: {
      output: {
        codeSplitting: {
          // Only what the group names, not its imports (the helpers stay where the app needs them).
          includeDependenciesRecursively: false,
          groups: [{ name: 'keyword-checks', test: KEYWORD_CHECKS }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
