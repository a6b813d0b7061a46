/**
 * Printed after the summary of every vitest run (README, "Testing"): for each project the busy
 * time of its files (all workers together) and the slowest ten files, so a slow test shows up
 * as a defect in the run that made it slow; then the counts as one plain closing line.
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A file's whole time in its worker: environment, setup, import (collect) and its tests and hooks. */
function busy(module: TestModule): number {
  const d = module.diagnostic();
  return d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
}

export default class TimingReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (modules.length === 0) return;
    const root = process.cwd();
    const byProject = new Map<string, TestModule[]>();
    for (const module of modules) byProject.set(module.project.name, [...(byProject.get(module.project.name) ?? []), module]);
    const lines = ['', 'Time by project (busy time of its files, all workers together):'];
    for (const [name, list] of [...byProject].sort()) {
      const tests = list.reduce((n, m) => n + [...m.children.allTests()].length, 0);
      lines.push(`  ${name.padEnd(8)} ${String(list.length).padStart(4)} files ${String(tests).padStart(5)} tests  ${seconds(list.reduce((s, m) => s + busy(m), 0))}`);
    }
    lines.push('Slowest ten files:');
    for (const module of [...modules].sort((a, b) => busy(b) - busy(a)).slice(0, 10)) {
      lines.push(`  ${seconds(busy(module)).padStart(8)}  ${module.project.name.padEnd(8)} ${path.relative(root, module.moduleId)}`);
    }
    const tests = modules.flatMap((m) => [...m.children.allTests()]);
    const assertions = tests.reduce((n, test) => n + (test.meta().assertions ?? 0), 0);
    lines.push(`Assertions made: ${assertions} (tests/setup/count-assertions.ts)`);
    const states = tests.map((test) => test.result().state);
    const count = (state: string) => states.filter((s) => s === state).length;
    // The plain closing line CI reads in any language.
    lines.push(`vitest: ${count('passed')} passed, ${count('failed')} failed, ${count('skipped') + count('pending')} skipped`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
