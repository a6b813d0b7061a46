/**
 * Runs one `storefront` command line in this terminal and turns failures into exit codes. Both
 * entries use it: `index.ts` (through tsx) and the compiled CLI (`fast.ts`).
 */
import { CommanderError } from 'commander';
import { BootError } from '@kernel/server/boot-error';
import { CliError } from './cli-error';
import type { CliContext } from './context';
import { EXIT } from './exit-codes';
import { needsFullCli } from './full-cli';
import { createOutput } from './output';
import { configureTree, createProgram } from './program';
import { PROJECT_ROOT } from './root';

/** This process's terminal as a command context. */
export function terminalContext(extra: Partial<CliContext> = {}): CliContext {
  // `storefront … | head` closes the pipe early: that is the reader's choice, not a failure.
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount('error') > 0) continue;
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  return {
    root: PROJECT_ROOT,
    env: process.env,
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
    isTTY: process.stdout.isTTY === true,
    ...extra,
  };
}

/** Runs `argv` (without `node` and the script) and sets `process.exitCode`. */
export async function runCli(ctx: CliContext, argv: readonly string[]): Promise<void> {
  try {
    const program = await createProgram(ctx, argv);
    await configureTree(program, (command) => command.exitOverride()).parseAsync([...argv], { from: 'user' });
  } catch (error) {
    if (needsFullCli(error)) throw error;
    process.exitCode = exitCodeOf(ctx, error);
  }
}

function exitCodeOf(ctx: CliContext, error: unknown): number {
  // Commander has printed its own message (usage errors) or the help/version (exit 0).
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  const output = createOutput({ out: ctx.out, err: ctx.err, env: ctx.env, isTTY: process.stderr.isTTY === true });
  if (error instanceof CliError) {
    output.problem(error.message);
    for (const detail of error.details) ctx.err(`  - ${detail}`);
    return error.exitCode;
  }
  // A BootError lists every problem (a broken site or plugin); anything else keeps its stack for the developer.
  if (error instanceof BootError) {
    output.problem(error.message);
    return EXIT.environment;
  }
  ctx.err(String((error as Error).stack ?? error));
  return EXIT.internal;
}
