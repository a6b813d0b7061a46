/** The reply envelope every call answers with (spec §7): code 1 means success. */
export interface Reply<T = unknown> {
  code: 0 | 1;
  msg: string;
  /** Server time, unix seconds, as the wire has always carried it. */
  time: string;
  data: T;
}

export const SUCCESS = 1 as const;
export const FAILURE = 0 as const;

export function ok<T>(data: T, msg = ''): Reply<T> {
  return { code: SUCCESS, msg, time: nowSeconds(), data };
}

export function fail(msg: string, data: unknown = null): Reply<null> {
  return { code: FAILURE, msg, time: nowSeconds(), data: data as null };
}

export function nowSeconds(): string {
  return String(Math.floor(Date.now() / 1000));
}

export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'code' in value && 'msg' in value;
}
