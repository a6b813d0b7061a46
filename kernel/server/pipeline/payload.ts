/**
 * Validates a call's payload: first what no call takes (./raw-input.ts), then its zod/mini schema.
 * Every problem found is refused at once (at most one per field, the first wins) as a FieldsError,
 * which ./errors.ts answers in the request's language. zod's own texts never reach a shopper:
 * a schema's message of our own (an i18n key such as "请输入正确的11位手机号") stands alone, and
 * every other issue gets one of the kernel's `kernel:payload.*` messages ("每页条数不能超过 50"),
 * which name the field by its label.
 */
import * as z from 'zod/mini';
import type { CallDef } from '../../core/contract';
import { BizError, FieldsError, type FieldIssue } from '../../core/errors';
import { multilinePaths } from '../../core/schemas';
import type { ServerI18n } from '../i18n';
import { rawInputIssues } from './raw-input';

export function parsePayload(call: CallDef, raw: unknown, i18n: Pick<ServerI18n, 'has'>): unknown {
  const issues = rawInputIssues(raw, multilineOf(call));
  if (issues.some((issue) => issue.field === '')) throw new FieldsError(issues);
  const result = z.safeParse(call.payload, raw, { error: kernelMessage });
  if (result.success && issues.length === 0) return result.data;
  for (const issue of result.error?.issues ?? []) issues.push(fromZod(issue));
  const labelled = firstPerField(issues).map((issue) => ({ ...issue, label: fieldLabelKey(call, issue.field, i18n) }));
  throw new FieldsError(labelled);
}

const multiline = new WeakMap<CallDef, string[][]>();
function multilineOf(call: CallDef): string[][] {
  let paths = multiline.get(call);
  if (!paths) multiline.set(call, (paths = multilinePaths(call.payload)));
  return paths;
}

function firstPerField(issues: readonly FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => !seen.has(issue.field) && seen.add(issue.field));
}

/** A zod issue as the kernel reports it: the field's path, the message key and its bounds (also operator options, ../operator-options.ts). */
export function fromZod(issue: z.core.$ZodIssue): FieldIssue {
  const bounds = issue as { maximum?: number | bigint; minimum?: number | bigint };
  const params: Record<string, string | number> = {};
  if (bounds.maximum !== undefined) params.max = String(bounds.maximum);
  if (bounds.minimum !== undefined) params.min = String(bounds.minimum);
  return { field: issue.path.map(String).join('.'), key: issue.message, params };
}

type RawIssue = z.core.$ZodRawIssue;

/** The kernel's message for an issue whose schema set none: an i18n key, filled with the issue's bounds later. */
export function kernelMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'kernel:payload.required' : `kernel:payload.${typeKey(issue.expected)}`;
    case 'too_big':
      return `kernel:payload.${bigKey(issue.origin)}`;
    case 'too_small':
      return `kernel:payload.${smallKey(issue.origin, Number(issue.minimum), issue.inclusive !== false)}`;
    case 'invalid_value':
      return 'kernel:payload.option';
    case 'invalid_format':
      return 'kernel:payload.format';
    default:
      return 'kernel:payload.invalid';
  }
}

function typeKey(expected: string): string {
  if (expected === 'int') return 'integer';
  if (expected === 'number' || expected === 'bigint') return 'number';
  if (expected === 'string') return 'text';
  if (expected === 'boolean') return 'boolean';
  if (expected === 'array' || expected === 'tuple' || expected === 'set') return 'list';
  return 'format';
}

function bigKey(origin: string): string {
  if (origin === 'string') return 'too_long';
  if (origin === 'array' || origin === 'set') return 'too_many';
  return 'too_big';
}

function smallKey(origin: string, minimum: number, inclusive: boolean): string {
  if (origin === 'string') return minimum <= 1 ? 'required' : 'too_short';
  if (origin === 'array' || origin === 'set') return minimum <= 1 ? 'required' : 'too_few';
  return minimum === 0 && !inclusive ? 'positive' : 'too_small';
}

/**
 * The i18n key naming `field` for shoppers: the call's own label, else the kernel's common label
 * of its last named segment (`invoice.phone` → `kernel:field.phone`, `ids.0` → `kernel:field.ids`),
 * else none.
 */
export function fieldLabelKey(call: Pick<CallDef, 'labels'>, field: string, i18n: Pick<ServerI18n, 'has'>): string | undefined {
  const own = call.labels?.[field];
  if (own && i18n.has(own)) return own;
  const name = field.split('.').filter((part) => !/^\d+$/.test(part)).at(-1);
  const common = name ? `kernel:field.${name.toLowerCase()}` : '';
  return common && i18n.has(common) ? common : undefined;
}

/** An unreadable body (broken JSON): a bad payload too, so code 0 rather than an HTTP error. */
export class PayloadSyntaxError extends BizError {
  constructor() {
    super('kernel:message.parameter_error');
  }
}
