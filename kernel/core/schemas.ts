/**
 * Building blocks for call payloads (zod/mini keeps the browser bundle small). Custom messages
 * are i18n keys; the server translates them into the request's language and names the field.
 * zod itself is imported as `import * as z from 'zod/mini'` wherever it is used: a namespace
 * passed on through another module cannot be tree-shaken (the compiled CLI held 650 KB of zod).
 */
import * as z from 'zod/mini';
import { EMAIL, PHONE, STRONG_PASSWORD, USERNAME, isNationalId } from './validators';
import { REQUEST_KEY } from './request-key';
import { toFen } from './money';

/** PostgreSQL's `integer`, the type of every id, price and count column: no whole number on the wire goes past it. */
export const INT_MAX = 2_147_483_647;

/**
 * A whole number from `min` to `max`, as a number or a string of digits (older clients and query
 * strings send strings). Stricter than `z.coerce`, which would take `true`, `[5]` or `"0x10"`.
 * The bounds are checked before `z.int()`, so "99999999999999999999" reads "at most 2147483647",
 * not the safe-integer limit.
 */
export const whole = ({ min = 0, max = INT_MAX }: { min?: number; max?: number } = {}) => {
  const error = 'kernel:payload.integer';
  return z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.regex(/^-?\d+$/, { error }))], { error }),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z.number().check(z.minimum(min), z.maximum(max), z.int()),
    ),
  );
};

/** A positive integer id; numeric strings are accepted because older clients send them. */
export const id = () => whole({ min: 1 });
export const page = () => z._default(whole({ min: 1 }), 1);
export const limit = (max = 100, fallback = 20) => z._default(whole({ min: 1, max }), fallback);

// Schemas that may hold several lines (tab, newline); every other string on the wire is one line.
const multiline = new WeakSet<object>();

interface TextOptions {
  /** Newlines and tabs allowed (a remark, a message); other control characters never are. */
  multiline?: boolean;
}

const lines = <S extends z.ZodMiniType>(schema: S, options: TextOptions): S => {
  if (options.multiline) multiline.add(schema);
  return schema;
};

export const text = (max = 255, options: TextOptions = {}) =>
  lines(z.string().check(z.trim(), z.minLength(1), z.maxLength(max)), options);
export const optionalText = (max = 255, options: TextOptions = {}) =>
  z.optional(lines(z.string().check(z.trim(), z.maxLength(max)), options));

/**
 * The payload paths whose strings may hold several lines (`remark`, `invoice.remark`; `*` for an
 * array index or a record key), found by walking the schema through its wrappers.
 */
export function multilinePaths(schema: z.ZodMiniType): string[][] {
  const found: string[][] = [];
  const seen = new Set<object>();
  const visit = (node: z.ZodMiniType | undefined, path: string[]) => {
    if (!node || seen.has(node)) return;
    seen.add(node);
    if (multiline.has(node)) found.push(path);
    const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
    const child = (key: string, segment?: string) =>
      visit(def[key] as z.ZodMiniType | undefined, segment === undefined ? path : [...path, segment]);
    switch (def.type) {
      case 'object':
        for (const [name, value] of Object.entries(def.shape as Record<string, z.ZodMiniType>)) visit(value, [...path, name]);
        break;
      case 'array':
        child('element', '*');
        break;
      case 'record':
        child('valueType', '*');
        break;
      case 'union':
        for (const option of def.options as z.ZodMiniType[]) visit(option, path);
        break;
      case 'intersection':
        child('left');
        child('right');
        break;
      case 'pipe':
        child('in');
        child('out');
        break;
      default:
        child('innerType');
    }
  };
  visit(schema, []);
  return found;
}

export const phone = () => z.string().check(z.trim(), z.regex(PHONE, { error: 'kernel:validation.phone' }));
export const email = () =>
  z.string().check(z.trim(), z.maxLength(254), z.regex(EMAIL, { error: 'kernel:validation.email' }));
export const username = () =>
  z.string().check(z.trim(), z.regex(USERNAME, { error: 'kernel:validation.username' }));
export const loginPassword = () =>
  z.string().check(
    z.minLength(6, { error: 'kernel:validation.password_length' }),
    z.maxLength(32, { error: 'kernel:validation.password_length' }),
  );
export const newPassword = () =>
  z.string().check(z.regex(STRONG_PASSWORD, { error: 'kernel:validation.password_strength' }));
export const nationalId = () =>
  z.string().check(z.refine(isNationalId, { error: 'kernel:validation.national_id' }));
export const code = () => z.string().check(z.trim(), z.regex(/^\d{4,6}$/, { error: 'kernel:validation.code' }));
/** The largest amount of money a column holds, in fen (PostgreSQL `integer`): ¥21,474,836.47. */
export const MAX_FEN = INT_MAX;

/** An amount of money on the wire: yuan with at most two decimals, as a string or a number, at most MAX_FEN. */
export const yuan = () =>
  z.union([z.string(), z.number()], { error: 'kernel:validation.amount' }).check(
    z.refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v).trim()), { error: 'kernel:validation.amount', abort: true }),
    z.refine((v) => toFen(String(v)) <= MAX_FEN, { error: 'kernel:validation.amount_too_large' }),
  );

/**
 * How many of a goods: a whole number from 1 to `max`, as a number or a string of digits.
 * Stricter than `z.coerce`, which would take `true`, `[5]` or `"0x10"` for numbers.
 */
export const quantity = (max = 9999) => {
  const error = 'kernel:validation.quantity';
  return z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d{1,12}$/, { error }))], { error }),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z.number().check(z.int({ error }), z.minimum(1, { error }), z.maximum(max, { error })),
    ),
  );
};

export const empty = () => z.object({});

/** A confirmation screen's request key (kernel/core/request-key.ts). */
export const requestKey = () => z.string().check(z.regex(REQUEST_KEY, { error: 'kernel:validation.request_key' }));

/** A whole-number plugin setting within [min, max], `fallback` when the site file leaves it out. */
export const setting = (min: number, max: number, fallback: number) =>
  z._default(z.number().check(z.int(), z.minimum(min), z.maximum(max)), fallback);
