/**
 * A call is declared once, in its plugin's contract, and used by both sides: the server
 * validates the payload with `payload` and the browser types its request and reply from it.
 */
import type * as z from 'zod/mini';

export type CallAuth = 'required' | 'optional' | 'none';

declare const replyBrand: unique symbol;
/** A type-only marker for the reply's `data`; it carries no value at run time. */
export interface ReplyShape<R> {
  readonly [replyBrand]?: R;
}
export const shape = <R>(): ReplyShape<R> => ({});

export interface CallDef<P extends z.ZodMiniType = z.ZodMiniType, R = unknown> {
  /** `/api/<area>/<action>`, case as the spec writes it. */
  readonly path: string;
  readonly method: 'POST' | 'GET';
  /** `required`: 401 without a valid token; `optional`: the user is known when a token is sent. */
  readonly auth: CallAuth;
  readonly payload: P;
  readonly reply: ReplyShape<R>;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /**
   * The payload field naming the acting user (`user_id`, `id`). When sent it must equal the
   * token's user, or the call is refused: identity comes from the token, never the payload.
   */
  readonly owner?: string;
  /** multipart/form-data instead of JSON (uploads). */
  readonly multipart?: boolean;
  /**
   * Payload field → i18n key of its label (`{ sku_id: 'cart:field.option' }`), so a refusal names
   * the field as the shopper knows it. Fields without one fall back to the kernel's common labels
   * (`kernel:field.<name>`), else the refusal names no field.
   */
  readonly labels?: Readonly<Record<string, string>>;
}

export interface CallInit<P extends z.ZodMiniType, R> {
  path: string;
  method?: 'POST' | 'GET';
  auth?: CallAuth;
  payload: P;
  reply: ReplyShape<R>;
  summary: string;
  owner?: string;
  multipart?: boolean;
  labels?: Record<string, string>;
}

export function defineCall<P extends z.ZodMiniType, R>(init: CallInit<P, R>): CallDef<P, R> {
  if (!/^\/api\/[A-Za-z][A-Za-z0-9]*\/[A-Za-z_][A-Za-z0-9_]*$/.test(init.path)) {
    throw new Error(`call path "${init.path}" must look like /api/<area>/<action>`);
  }
  return { method: 'POST', auth: 'none', ...init };
}

/** What the browser sends (defaults may be left out). */
export type PayloadIn<C> = C extends CallDef<infer P, unknown> ? z.input<P> : never;
/** What the server handler receives after validation. */
export type PayloadOut<C> = C extends CallDef<infer P, unknown> ? z.output<P> : never;
export type ReplyOf<C> = C extends CallDef<z.ZodMiniType, infer R> ? R : never;

/** A plugin's contract: its calls by name. */
export type Contract = Record<string, CallDef>;
