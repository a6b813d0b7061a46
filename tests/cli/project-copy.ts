/**
 * A temporary copy of this project for tests that run the real `storefront` binary and change
 * files (plugin new, enable/disable, site new): the sources are copied, node_modules is linked,
 * so the copy type-checks, tests and builds like the original while the original stays untouched.
 *
 *   const copy = copyProject();                       // in beforeAll; copy.remove() in afterAll
 *   const r = await copy.storefront('plugin', 'list', '--json');   // { code, stdout, stderr }
 *   await copy.storefrontInProcess('seed');                        // the same, without starting a process
 *   copy.read('config/sites/default.json');
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compiledCliDir } from '../../cli/compiled.js';
import { REPO_ROOT, runCommand, type RunResult } from './run';

const COPIED = ['package.json', 'tsconfig.json', 'vitest.config.ts', 'eslint.config.js', 'kernel', 'plugins', 'cli', 'app', 'config', 'tests'];

export type { RunResult };

export interface ProjectCopy {
  root: string;
  /** Runs `node cli/bin.js ...args` in the copy (no colour unless env asks). */
  storefront(...args: string[]): Promise<RunResult>;
  /** The same command line run in this process against the copy (tests/cli/in-process.ts): no process to start. */
  storefrontInProcess(...args: string[]): Promise<RunResult>;
  /** Runs any command in the copy. */
  run(file: string, args: readonly string[], options?: { env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<RunResult>;
  read(relative: string): string;
  write(relative: string, text: string): void;
  exists(relative: string): boolean;
  remove(): void;
}

export function copyProject(): ProjectCopy {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-copy-'));
  for (const entry of COPIED) {
    fs.cpSync(path.join(REPO_ROOT, entry), path.join(root, entry), {
      recursive: true,
      filter: (source) => !source.includes(`${path.sep}node_modules`),
    });
  }
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');

  const run: ProjectCopy['run'] = (file, args, options = {}) => runCommand(file, args, { cwd: root, ...options });

  return {
    root,
    storefront: (...args) => run(process.execPath, [path.join(root, 'cli', 'bin.js'), ...args]),
    // Loaded on use: the e2e tests and benches that copy the project never load the CLI themselves.
    storefrontInProcess: async (...args) => (await import('./in-process')).runInProcess(args, { root }),
    run,
    read: (relative) => fs.readFileSync(path.join(root, relative), 'utf8'),
    write: (relative, text) => {
      const file = path.join(root, relative);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
    },
    exists: (relative) => fs.existsSync(path.join(root, relative)),
    remove: () => {
      // The copy's compiled CLI sits in the node_modules it shares with this checkout.
      fs.rmSync(compiledCliDir(root + path.sep), { recursive: true, force: true });
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
