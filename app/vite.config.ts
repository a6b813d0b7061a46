/**
 * Builds the browser app from app/ into dist/ (which `storefront start` serves). The initial
 * bundle holds the kernel and the UI kit; every plugin's code, pages and strings are lazy chunks.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@kernel': `${root}kernel`,
      '@plugins': `${root}plugins`,
      '@config': `${root}config`,
    },
    // tsyringe declares its ES2015 build in the `es2015` field, which Vite does not read: the
    // default `module` build is ES5, down-levelled through tslib helpers (≈2 KB more on the home route).
    mainFields: ['browser', 'es2015', 'module', 'jsnext:main', 'jsnext'],
  },
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    // dist/.vite/manifest.json: the server preloads the chunks of a first screen's page from it.
    manifest: true,
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        advancedChunks: {
          groups: [
            // The kernel's small boot helpers: one chunk instead of several of a few hundred bytes
            // each, all of which the first screen downloads anyway. Plugins' modules stay in their
            // own chunks: a plugin the site does not run must cost nothing.
            { name: 'boot', test: /[\\/]kernel[\\/]client[\\/](load-once|navigator|registries)\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    // `vite dev` alone: the API host runs separately (storefront start), default port 8080.
    proxy: {
      '/api': process.env.STOREFRONT_API ?? 'http://127.0.0.1:8080',
      '/uploads': process.env.STOREFRONT_API ?? 'http://127.0.0.1:8080',
    },
  },
});
