/**
 * Running the real `storefront` binary from a test, colour off, never throwing: the exit code,
 * stdout and stderr come back for the test to check.
 *
 *   const storefront = storefrontOn(dataDir);          // this checkout, a temporary data directory
 *   const r = await storefront('cash', 'list', '--json');
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

export function runCommand(file: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        cwd: options.cwd,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env },
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `node cli/bin.js …args --data-dir <dataDir>` in this checkout. */
export const storefrontOn =
  (dataDir: string) =>
  (...args: string[]): Promise<RunResult> =>
    runCommand(process.execPath, [path.join(REPO_ROOT, 'cli', 'bin.js'), ...args, '--data-dir', dataDir], { cwd: REPO_ROOT });
