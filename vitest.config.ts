import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = {
  '@kernel': `${root}kernel`,
  '@plugins': `${root}plugins`,
  '@config': `${root}config`,
};

// Two projects: browser code (pages, stores, client kernel) in jsdom; everything else in node.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          include: ['{app,kernel,plugins,cli,tests}/**/*.test.ts'],
          exclude: ['kernel/client/**', 'plugins/*/store*.test.ts', 'tests/e2e/**', 'node_modules/**'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          environment: 'jsdom',
          include: ['{kernel,plugins,app}/**/*.test.tsx', 'kernel/client/**/*.test.ts', 'plugins/*/store*.test.ts'],
          setupFiles: ['tests/setup/browser.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
