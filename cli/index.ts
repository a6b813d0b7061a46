/** Entry of the `storefront` command (see bin.js): runs the program and turns failures into exit codes. */
import { BootError } from '@kernel/server/boot-error';
import { CliError } from './cli-error';
import { buildProgram } from './program';
import { PROJECT_ROOT } from './root';

const ctx = {
  root: PROJECT_ROOT,
  env: process.env,
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};

try {
  await buildProgram(ctx).parseAsync(process.argv);
} catch (error) {
  // A BootError lists every problem and a CliError says what to do; anything else keeps its stack for the developer.
  ctx.err(error instanceof BootError || error instanceof CliError ? error.message : String((error as Error).stack ?? error));
  process.exitCode = 1;
}
