/**
 * An operator command's options, declared as a zod/mini object like a call's payload (STYLE: "Say
 * it once"): each key is an option (`nameEn` is `--name-en`), its help registered with `option()`.
 * The CLI derives commander's options from the schema; `parseOptions` checks what the operator
 * typed with the kernel's payload messages, every problem at once, each naming its `--option`,
 * and the command's `run` gets typed values.
 *
 *   options: z.object({
 *     name: option(text(40), 'what shoppers see, e.g. 满100减10', 'text'),
 *     total: option(z._default(whole({ min: 1 }), 100), 'how many may be claimed', 'n'),
 *     hidden: flag('not in the claim centre'),
 *   }),
 *
 * Its arguments likewise, one key per argument of the command, camel-cased, in any order:
 *
 *   command: 'goods stock <sku-id> <quantity>',
 *   arguments: z.object({ skuId: id(), quantity: whole() }),
 *
 * each problem naming its `<argument>`, and `run` gets them as `params`.
 */
import * as z from 'zod/mini';
import { fromZod, kernelMessage } from './pipeline/payload';
import { OperatorError, type OperatorCommand, type OperatorContext, type OperatorResult } from './plugin';

export interface OptionHelp {
  /** What `--help` says of the option. */
  help: string;
  /** The name of its value in `--help` (`yuan` → `--amount <yuan>`); none for a flag. */
  value?: string;
}

/** The help of each option schema; read by `optionsOf`. */
export const optionHelp = z.registry<OptionHelp>();

/** `schema` as an option taking a value named `value`, with its help. */
export function option<T extends z.ZodMiniType>(schema: T, help: string, value = 'value'): T {
  optionHelp.add(schema, { help, value });
  return schema;
}

/** An on/off option (`--hidden`): true when given. */
export const flag = (help: string) => option(z.optional(z.boolean()), help);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Unix seconds at which the business day `date` (`YYYY-MM-DD`, Asia/Shanghai) begins, or null when it is no date. */
export function businessDayStartOf(date: string): number | null {
  const m = DATE.exec(date);
  if (!m) return null;
  const utc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // Shanghai has kept UTC+8 without daylight saving since 1991.
  return new Date(utc).toISOString().slice(0, 10) === date ? (utc - 8 * 3600_000) / 1000 : null;
}

/** A business day `YYYY-MM-DD` (Asia/Shanghai) as an option: the unix second it begins. */
export const businessDay = () =>
  z.pipe(
    z.string().check(z.trim(), z.refine((value) => businessDayStartOf(value) !== null, { error: 'kernel:payload.date' })),
    z.transform((value: string) => businessDayStartOf(value) as number),
  );

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})$/;

/** Unix seconds of `YYYY-MM-DD HH:mm` in the business time zone (Asia/Shanghai, UTC+8), or null when it is no such time. */
export function businessDateTimeOf(text: string): number | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const utc = Date.UTC(year, month - 1, day, hour, minute);
  const back = new Date(utc);
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return null;
  return (utc - 8 * 3600_000) / 1000;
}

/** A moment `YYYY-MM-DD HH:mm` (Asia/Shanghai) as an option: its unix second. */
export const businessTime = () =>
  z.pipe(
    z.string().check(z.trim(), z.refine((value) => businessDateTimeOf(value) !== null, { error: 'kernel:payload.date_time' })),
    z.transform((value: string) => businessDateTimeOf(value) as number),
  );

/** The `--flag` an operator types for an option key: `nameEn` → `--name-en`. */
export const flagOf = (key: string): string => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** One option as commander declares it. */
export interface DerivedOption {
  key: string;
  /** `--amount <yuan>`, or `--hidden` for a flag. */
  flags: string;
  description: string;
  /** The schema's default, as commander shows it in `--help`. */
  defaultValue?: string | boolean;
}

type Def = { type: string; innerType?: z.ZodMiniType; in?: z.ZodMiniType; defaultValue?: unknown };
const defOf = (schema: z.ZodMiniType) => schema._zod.def as unknown as Def;

/** The schema under optional, default and pipe wrappers: what the option's value must be. */
function core(schema: z.ZodMiniType): { type: string; defaultValue?: unknown } {
  let node = schema;
  let defaultValue: unknown;
  for (;;) {
    const def = defOf(node);
    if (def.type === 'default' || def.type === 'prefault') defaultValue ??= def.defaultValue;
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) return { type: def.type, defaultValue };
    node = inner;
  }
}

/** The commander options of a schema, in declaration order. */
export function optionsOf(schema: z.ZodMiniObject | undefined): DerivedOption[] {
  if (!schema) return [];
  return Object.entries(schema.shape).map(([key, field]) => {
    const help = optionHelp.get(field as z.ZodMiniType);
    const { type, defaultValue } = core(field as z.ZodMiniType);
    const isFlag = type === 'boolean';
    return {
      key,
      flags: isFlag ? flagOf(key) : `${flagOf(key)} <${help?.value ?? 'value'}>`,
      description: help?.help ?? '',
      ...(defaultValue === undefined ? {} : { defaultValue: isFlag ? Boolean(defaultValue) : String(defaultValue) }),
    };
  });
}

type Translate = (key: string, params?: Record<string, string | number>) => string;

const camel = (name: string) => name.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The arguments of a command line spec, as `arguments` keys them: `'goods stock <sku-id> [note...]'` → `['skuId', 'note']`. */
export const argumentNamesOf = (spec: string): string[] =>
  spec
    .trim()
    .split(/\s+/)
    .filter((word) => /^[<[]/.test(word))
    .map((word) => camel(word.replace(/^[<[]|(\.\.\.)?[>\]]$/g, '')));

/** What is wrong with a command's `arguments` schema against its spec (a key per argument, no other), or null. */
export function argumentsProblem(command: Pick<OperatorCommand, 'command' | 'arguments'>): string | null {
  if (!command.arguments) return null;
  const names = argumentNamesOf(command.command);
  const keys = Object.keys(command.arguments.shape);
  const missing = names.filter((name) => !keys.includes(name));
  const extra = keys.filter((key) => !names.includes(key));
  if (missing.length === 0 && extra.length === 0) return null;
  return [missing.length > 0 ? `no schema for ${missing.join(', ')}` : '', extra.length > 0 ? `${extra.join(', ')} in its schema is no argument` : ''].filter(Boolean).join('; ');
}

/** One value checked against its schema: null, or the problem in `t`'s words (`Must be at least 1 (minimum)`). */
function problemOf(field: z.ZodMiniType, value: unknown, t: Translate): { ok: true; data: unknown } | { ok: false; problem: string } {
  const result = z.safeParse(field, value, { error: kernelMessage });
  if (result.success) return { ok: true, data: result.data };
  // One problem per value, the first: the rest usually repeat it ("not a number", "too small").
  // Left out, whatever its type, it is simply required.
  const issue = result.error.issues[0];
  const { key: message, params } = value === undefined ? { key: 'kernel:payload.required', params: {} } : fromZod(issue);
  // An operator cannot see the schema: name the values it takes (`--state: Not one of the options (pending, paid)`).
  const values = issue.code === 'invalid_value' && value !== undefined ? ` (${issue.values.map(String).join(', ')})` : '';
  return { ok: false, problem: `${t(message, params)}${values}` };
}

/** The arguments an operator typed, by the command's `arguments` schema: values by key, and each problem naming its `<argument>`. */
function parseArguments(command: Partial<Pick<OperatorCommand, 'command' | 'arguments'>>, args: readonly string[], t: Translate): { params: Record<string, unknown>; problems: string[] } {
  const params: Record<string, unknown> = {};
  const problems: string[] = [];
  if (!command.arguments || !command.command) return { params, problems };
  const names = argumentNamesOf(command.command);
  const typed = command.command.trim().split(/\s+/).filter((word) => /^[<[]/.test(word));
  for (const [key, field] of Object.entries(command.arguments.shape)) {
    const at = names.indexOf(key);
    const value = at >= 0 && args[at] !== undefined && args[at] !== '' ? args[at] : undefined;
    const checked = problemOf(field as z.ZodMiniType, value, t);
    if (checked.ok) params[key] = checked.data;
    else problems.push(`${typed[at]?.replace('...', '') ?? `<${key}>`}: ${checked.problem}`);
  }
  return { params, problems };
}

export type ParsedOptions<O extends z.ZodMiniObject, A extends z.ZodMiniObject = z.ZodMiniObject> =
  | { options: z.output<O>; params: z.output<A> }
  | { problems: string[] };

/**
 * The options an operator typed (`raw`, as commander hands them over: strings, `true` for a flag,
 * undefined when not given; other keys are ignored), checked against the command's schema one
 * option at a time, then its `check` on the options that passed. Every problem, translated by `t`:
 * `--name-en: At most 60 characters`.
 */
export function parseOptions<O extends z.ZodMiniObject, A extends z.ZodMiniObject = z.ZodMiniObject>(
  command: Pick<OperatorCommand<never, O, A>, 'options' | 'check'> & Partial<Pick<OperatorCommand<never, O, A>, 'command' | 'arguments'>>,
  raw: Record<string, unknown>,
  args: string[],
  t: Translate,
): ParsedOptions<O, A> {
  const { params, problems } = parseArguments(command as Partial<Pick<OperatorCommand, 'command' | 'arguments'>>, args, t);
  const parsed: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(command.options?.shape ?? {})) {
    const checked = problemOf(field as z.ZodMiniType, raw[key] ?? undefined, t);
    if (!checked.ok) problems.push(`${flagOf(key)}: ${checked.problem}`);
    else if (checked.data !== undefined) parsed[key] = checked.data;
  }
  const given = new Set(Object.keys(command.options?.shape ?? {}).filter((key) => raw[key] !== undefined && raw[key] !== null)) as Set<keyof z.output<O>>;
  problems.push(...(command.check?.(parsed as Partial<z.output<O>>, { args, given }) ?? []));
  return problems.length > 0 ? { problems } : { options: parsed as z.output<O>, params: params as z.output<A> };
}

/**
 * Runs an operator command as the CLI does: options parsed and checked first (refused with every
 * problem as one OperatorError), then `run` with the typed values.
 */
export async function runCommand<S, O extends z.ZodMiniObject, A extends z.ZodMiniObject>(
  command: OperatorCommand<S, O, A>,
  input: { args: string[]; options: Record<string, unknown>; ctx: OperatorContext<S> },
): Promise<OperatorResult> {
  const parsed = parseOptions(command, input.options, input.args, input.ctx.t);
  if ('problems' in parsed) throw new OperatorError(parsed.problems.join('\n'));
  return command.run({ args: input.args, params: parsed.params, options: parsed.options, ctx: input.ctx });
}

/**
 * Declares an operator command, typing `run`'s options from the schema:
 * `defineCommand({ command: 'coupon create', options: z.object({…}), run({ options }) {…} })`.
 */
export const defineCommand = <O extends z.ZodMiniObject, S = Record<string, unknown>, A extends z.ZodMiniObject = z.ZodMiniObject>(
  command: OperatorCommand<S, O, A>,
): OperatorCommand<S, O, A> => command;
