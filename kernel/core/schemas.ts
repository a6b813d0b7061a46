/**
 * Building blocks for call payloads (zod/mini keeps the browser bundle small). Custom messages
 * are i18n keys; the server translates them into the request's language and names the field.
 * zod itself is imported as `import * as z from 'zod/mini'` wherever it is used: a namespace
 * passed on through another module cannot be tree-shaken (the compiled CLI held 650 KB of zod).
 */
import * as z from 'zod/mini';
import { EMAIL, PHONE, STRONG_PASSWORD, USERNAME, isNationalId } from './validators';
import { REQUEST_KEY } from './request-key';

/** A positive integer id; numeric strings are accepted because older clients send them. */
export const id = () => z.coerce.number().check(z.int(), z.positive());
export const page = () => z._default(z.coerce.number().check(z.int(), z.minimum(1)), 1);
export const limit = (max = 100, fallback = 20) =>
  z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(max)), fallback);

export const text = (max = 255) =>
  z.string().check(z.trim(), z.minLength(1, { error: 'kernel:validation.required' }), z.maxLength(max));
export const optionalText = (max = 255) => z.optional(z.string().check(z.trim(), z.maxLength(max)));

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
/** An amount of money on the wire: yuan with at most two decimals, as a string or a number. */
export const yuan = () =>
  z.union([z.string(), z.number()]).check(
    z.refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v).trim()), { error: 'kernel:validation.amount' }),
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
