/** What every command receives: where the project is and how to talk to the terminal. */
import path from 'node:path';
import type { Installed } from './installed';
import { createOutput, type Output } from './output';

export interface CliContext {
  root: string;
  env: NodeJS.ProcessEnv;
  /** Where relative paths on the command line start (`--from broken.json`, `sqlite:data/shop.sqlite`). */
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
  /**
   * Raw text for commander's own output (help, version, usage errors); process.stdout and
   * process.stderr when left out, as in the terminal; tests/cli/in-process.ts gives both to catch it.
   */
  write?: (text: string) => void;
  writeErr?: (text: string) => void;
  /** Whether stdout is a terminal (colour, and prompts only when it is). */
  isTTY?: boolean;
  /** Whether stderr is a terminal (colour of the problem a failed command ends with). */
  isErrTTY?: boolean;
  /** The installed plugins' descriptors, when the caller has them already (the compiled CLI does). */
  installed?: () => Promise<Installed>;
}

/** The command's output: JSON for scripts when `--json` is given, coloured lines otherwise. */
export const outputFor = (ctx: CliContext, options: { json?: boolean } = {}): Output =>
  createOutput({ json: options.json, out: ctx.out, err: ctx.err, env: ctx.env, isTTY: ctx.isTTY });

/** The site a command acts on: `--site`, else $STOREFRONT_SITE, else `default`. */
export const siteOf = (ctx: CliContext, options: { site?: string }) => options.site ?? ctx.env.STOREFRONT_SITE ?? 'default';

/** A path given on the command line, from the working directory the command was run in. */
export const pathFrom = (ctx: CliContext, file: string) => path.resolve(ctx.cwd, file);
