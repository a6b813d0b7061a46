import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/setup/sequencer';

const root = fileURLToPath(new URL('.', import.meta.url));
const alias = {
  '@kernel': `${root}kernel`,
  '@plugins': `${root}plugins`,
  '@config': `${root}config`,
};

// Two projects: browser code (pages, stores, client kernel) in jsdom; everything else in node.
//
// Speed (issue #23): most tests wait on servers, child processes, sockets and timers, so three
// workers share the two cores; and a worker keeps its modules and its jsdom from one file to the
// next (isolate off) instead of importing React, the kernel and a fresh jsdom for every file. A
// test never depends on module state another file left: servers, databases and kernels are made
// per test, tests/setup/browser.ts clears the DOM, storage and overlays after each test, and a
// test that needs fresh modules takes them with vi.resetModules(). The files that start real
// processes run first (tests/setup/sequencer.ts), so the longest ones do not end the run alone.
export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: Number(process.env.STOREFRONT_TEST_WORKERS ?? 3),
    reporters: ['default', './tests/setup/timing-reporter.ts'],
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'node',
          environment: 'node',
          isolate: false,
          include: ['{app,kernel,plugins,cli,tests}/**/*.test.ts'],
          exclude: ['kernel/client/**', 'plugins/*/store*.test.ts', 'tests/e2e/**', 'node_modules/**'],
          setupFiles: ['tests/setup/count-assertions.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'browser',
          environment: 'jsdom',
          isolate: false,
          include: ['{kernel,plugins,app}/**/*.test.tsx', 'kernel/client/**/*.test.ts', 'plugins/*/store*.test.ts'],
          setupFiles: ['tests/setup/count-assertions.ts', 'tests/setup/browser.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
