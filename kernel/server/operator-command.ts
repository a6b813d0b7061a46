/**
 * What a plugin's operator commands are (DESIGN §3): the command, its context, its result and its
 * refusal. Re-exported by ./plugin.ts, where plugins take them from; their options and arguments
 * are checked by ./operator-options.ts.
 */
import type * as z from 'zod/mini';
import type { SiteConfig } from '../core/site';
import type { Extensions } from './plugin';
import type { Db, ServerServices } from './services/types';

/** What an operator command and an invariant check get: the site's data and services, no HTTP. */
export interface OperatorContext<S = Record<string, unknown>> {
  db: Db;
  services: ServerServices;
  /** This plugin's settings for the site, defaults applied. */
  settings: S;
  site: SiteConfig;
  siteName: string;
  /** The contributions of the site's enabled plugins to an extension point (a staff move runs their hooks). */
  extensions: Extensions;
  /** Translate `namespace:key` (operators read English). */
  t(key: string, params?: Record<string, string | number>): string;
}

/**
 * An operator command the CLI mounts while the plugin is enabled (DESIGN §3), e.g.
 * `{ command: 'order ship <order-no>', ... }` becomes `storefront order ship <order-no>`.
 * Every command also gets `--site`, `--data-dir` and `--json`.
 */
export interface OperatorCommand<S = Record<string, unknown>, O extends z.ZodMiniObject = z.ZodMiniObject, A extends z.ZodMiniObject = z.ZodMiniObject> {
  /** Group, name and arguments in commander syntax: `'goods stock <goods-id> <quantity>'`. */
  command: string;
  description: string;
  /**
   * Its options as a zod/mini object, as a call's payload (./operator-options.ts): `nameEn` is
   * `--name-en`, its help registered with `option()`. Checked before `run`, every problem at once.
   */
  options?: O;
  /**
   * Its arguments as a zod/mini object, one key per argument of `command`, camel-cased
   * (`<sku-id>` is `skuId`), checked with the options: `run` gets their values as `params`.
   * Without it, `run` reads the raw `args`.
   */
  arguments?: A;
  /**
   * Rules between options (and the arguments), given the options that passed the schema and which
   * options the operator typed (one that failed is typed, not missing): every problem, each naming its options.
   */
  check?(options: Partial<z.output<O>>, input: { args: string[]; given: ReadonlySet<keyof z.output<O>> }): string[];
  /**
   * `--csv` prints its rows as CSV for a spreadsheet (cli/csv.ts): `true` when `data` is the list
   * of rows, or how to find them in it (`(data) => data.cards`). Each row a flat object; the first
   * row's keys are the header.
   */
  csv?: true | ((data: unknown) => readonly object[]);
  /** Refuse with an OperatorError whose message names every party, or a BizError (translated). */
  run(input: { args: string[]; params: z.output<A>; options: z.output<O>; ctx: OperatorContext<S> }): Promise<OperatorResult>;
}

/** An operator command's refusal: the CLI prints the message alone and exits 1. */
export class OperatorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorError';
  }
}

export interface OperatorResult {
  /** What a person reads. */
  lines: string[];
  /** What `--json` prints. */
  data: unknown;
}

