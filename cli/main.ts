/**
 * Runs one `storefront` command line and turns failures into exit codes. Both entries use it with
 * this terminal (`index.ts` through tsx, and the compiled CLI, `fast.ts`); tests use it with their
 * own writers to run a command line without starting a process (tests/cli/in-process.ts).
 */
import { CommanderError, type OutputConfiguration } from 'commander';
import { BootError } from '@kernel/server/boot-error';
import { CliError } from './cli-error';
import type { CliContext } from './context';
import { EXIT } from './exit-codes';
import { needsFullCli } from './full-cli';
import { colourEnabled, createOutput } from './output';
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
    cwd: process.cwd(),
    out: (line: string) => process.stdout.write(`${line}\n`),
    err: (line: string) => process.stderr.write(`${line}\n`),
    isTTY: process.stdout.isTTY === true,
    isErrTTY: process.stderr.isTTY === true,
    ...extra,
  };
}

/** Runs `argv` (without `node` and the script) and resolves to its exit code. */
export async function runCli(ctx: CliContext, argv: readonly string[]): Promise<number> {
  try {
    const program = await createProgram(ctx, argv);
    const output = commanderOutput(ctx);
    await configureTree(program, (command) => {
      command.exitOverride();
      if (output) command.configureOutput(output);
    }).parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (needsFullCli(error)) throw error;
    return exitCodeOf(ctx, error);
  }
}

/** Commander's help, version and usage errors through the context's writers, when it has its own. */
function commanderOutput(ctx: CliContext): OutputConfiguration | null {
  const { write, writeErr } = ctx;
  if (!write || !writeErr) return null;
  return {
    writeOut: write,
    writeErr,
    // As commander writes to a pipe: 80 columns, colour as the context's environment says.
    getOutHelpWidth: () => 80,
    getErrHelpWidth: () => 80,
    getOutHasColors: () => colourEnabled(ctx.env, ctx.isTTY ?? false),
    getErrHasColors: () => colourEnabled(ctx.env, ctx.isErrTTY ?? false),
  };
}

function exitCodeOf(ctx: CliContext, error: unknown): number {
  // Commander has printed its own message (usage errors) or the help/version (exit 0).
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  const output = createOutput({ out: ctx.out, err: ctx.err, env: ctx.env, isTTY: ctx.isErrTTY });
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
