/**
 * Counts each test's assertions into its metadata, which the timing reporter adds up
 * (tests/setup/timing-reporter.ts): a change that speeds the suite up shows it kept every check.
 */
import { afterEach, expect } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    assertions?: number;
  }
}

afterEach((context) => {
  context.task.meta.assertions = expect.getState().assertionCalls;
});
