import { defineConfig } from 'vite';
import { precompress } from './precompress.js';

const SERVICE = 'http://127.0.0.1:5001';

/** The studio: built into apps/web/dist, which the service on :5001 serves at `/`. */
export default defineConfig({
  root: import.meta.dirname,
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // react-router marks its modules "use client"; the directive means nothing in this bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: { '/translate': SERVICE, '/process-video': SERVICE, '/process-audio-url': SERVICE, '/api': SERVICE },
  },
});
