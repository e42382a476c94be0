import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Production build of the two bench pages only (npm run bench:form): ours.html renders the real
// invoice form with our product table, stock.html the same schema and data with stock RJSF arrays.
const root = resolve(import.meta.dirname, 'page');
// As KEYWORD_CHECKS in the app's vite.config.ts (see there).
const KEYWORD_CHECKS =
  /[\\/]src[\\/]engine[\\/]keywords[\\/](?!(?:define|index|types|pointer|dates|email|password|phoneNumber)\.ts$)[^\\/]+\.ts$/;

export default defineConfig({
  root,
  base: './',
  plugins: [react()],
  // As in the app's vite.config.ts: RJSF's markdown-to-jsx replaced by our inline-marks stand-in.
  resolve: {
    alias: [
      {
        find: /^markdown-to-jsx(\/react)?$/,
        replacement: resolve(import.meta.dirname, '../../../src/web/form/markdown.tsx'),
      },
    ],
  },
  logLevel: 'warn',
  build: {
    outDir:
      process.env.BENCH_FORM_OUT ?? resolve(import.meta.dirname, '../../../node_modules/.cache/bench-form'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rollupOptions: {
      input: {
        ours: resolve(root, 'ours.html'),
        stock: resolve(root, 'stock.html'),
        baseline: resolve(root, 'baseline.html'),
      },
      // As in the app's vite.config.ts: the keyword checks of the precompiled validators in one chunk.
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: 'keyword-checks', test: KEYWORD_CHECKS }],
        },
      },
    },
  },
});
