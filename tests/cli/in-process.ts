/**
 * Running a `storefront` command line in this test's process: the same `runCli` the terminal
 * runs, with the project root, working directory and environment given here instead of the
 * process's, and stdout and stderr caught. It answers as `runCommand` does (tests/cli/run.ts),
 * colour off, so a test switches between a real process and this by changing one helper.
 *
 *   const storefront = storefrontInProcessOn(dataDir);   // as storefrontOn(dataDir), without the process
 *   const r = await storefront('cash', 'list', '--json'); // { code, stdout, stderr }
 *
 * Commands that start a server (`start`, `dev`) wait for a signal: run those as real processes.
 */
import { runCli } from '../../cli/main';
import { REPO_ROOT, type RunResult } from './run';

export interface InProcessOptions {
  /** The project the command works on (its plugins/ and config/sites/). */
  root: string;
  /** Where relative paths on the command line start (default: the root). */
  cwd?: string;
  /** Added to this process's environment, as `runCommand` adds it; `undefined` takes a variable out. */
  env?: NodeJS.ProcessEnv;
}

export async function runInProcess(args: readonly string[], options: InProcessOptions): Promise<RunResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(
    {
      root: options.root,
      cwd: options.cwd ?? options.root,
      // A copy, as a child process gets: a command never changes this process's environment.
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env },
      out: (line) => {
        stdout += `${line}\n`;
      },
      err: (line) => {
        stderr += `${line}\n`;
      },
      write: (text) => {
        stdout += text;
      },
      writeErr: (text) => {
        stderr += text;
      },
      isTTY: false,
      isErrTTY: false,
    },
    args,
  );
  return { code, stdout, stderr };
}

/** `storefrontOn(dataDir)` (run.ts) in this process: `…args --data-dir <dataDir>` in this checkout. */
export const storefrontInProcessOn =
  (dataDir: string) =>
  (...args: string[]): Promise<RunResult> =>
    runInProcess([...args, '--data-dir', dataDir], { root: REPO_ROOT });
