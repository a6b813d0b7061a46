/** Signed calls, percentiles and medians, shared by the bench's steps. */
import { signHeaders, type AppCredentials } from '@kernel/server/pipeline/signature';

export interface Reply<T> {
  code: number;
  msg: string;
  data: T;
}

/** A signed `POST` the way the browser sends it; `token` for calls that need a login. */
export async function post<T>(base: string, app: AppCredentials, path: string, body: unknown, token = ''): Promise<Reply<T>> {
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Lang: 'zh-cn', ...(token ? { Token: token } : {}), ...signHeaders(app, Date.now()) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Reply<T>;
}

/** Registers a shopper (the demo site needs no code) and returns the access token. */
export async function registerShopper(base: string, app: AppCredentials, username: string, password = 'bench12345'): Promise<string> {
  const registered = await post<{ userinfo: { token: string } }>(base, app, '/api/user/register', { username, password });
  if (registered.code !== 1) throw new Error(`register ${username}: ${registered.msg}`);
  return registered.data.userinfo.token;
}

/** The value below which `p` % of the sorted samples fall. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
