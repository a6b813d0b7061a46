/** What every command receives: where the project is and how to talk to the terminal. */
import type { Installed } from './installed';
import { createOutput, type Output } from './output';

export interface CliContext {
  root: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Whether stdout is a terminal (colour, and prompts only when it is). */
  isTTY?: boolean;
  /** The installed plugins' descriptors, when the caller has them already (the compiled CLI does). */
  installed?: () => Promise<Installed>;
}

/** The command's output: JSON for scripts when `--json` is given, coloured lines otherwise. */
export const outputFor = (ctx: CliContext, options: { json?: boolean } = {}): Output =>
  createOutput({ json: options.json, out: ctx.out, err: ctx.err, env: ctx.env, isTTY: ctx.isTTY });

/** The site a command acts on: `--site`, else $STOREFRONT_SITE, else `default`. */
export const siteOf = (ctx: CliContext, options: { site?: string }) => options.site ?? ctx.env.STOREFRONT_SITE ?? 'default';
