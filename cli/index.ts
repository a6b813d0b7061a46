/** Entry of the `storefront` command (see bin.js): runs the program and turns failures into exit codes. */
import { BootError } from '@kernel/server/boot-error';
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
  // A BootError already lists every problem; anything else keeps its stack for the developer.
  ctx.err(error instanceof BootError ? error.message : String((error as Error).stack ?? error));
  process.exitCode = 1;
}
