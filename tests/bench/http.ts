/** Signed calls, timed attempts, percentiles and medians, shared by the bench's steps. */
import { performance } from 'node:perf_hooks';
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

/** One timed call under load: its status (599: the request itself failed), code and message. */
export interface Attempt {
  ms: number;
  status: number;
  code: number;
  msg: string;
  /** `performance.now()` when the reply had been read. */
  at: number;
}

/** A `POST` of `body` that never throws: a failed request is an attempt of status 599 saying why. */
export async function timedPost(url: string, headers: Record<string, string>, body: unknown): Promise<Attempt> {
  const t0 = performance.now();
  try {
    const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', Lang: 'zh-cn', ...headers }, body: JSON.stringify(body) });
    const text = await response.text();
    const reply = (() => {
      try {
        return JSON.parse(text) as { code: number; msg: string };
      } catch {
        return { code: -1, msg: text.slice(0, 80) };
      }
    })();
    const at = performance.now();
    return { ms: at - t0, status: response.status, code: reply.code, msg: reply.msg, at };
  } catch (error) {
    // fetch says only "fetch failed"; its cause names what happened (ECONNRESET, a timeout…).
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    const at = performance.now();
    return { ms: at - t0, status: 599, code: -1, msg: error instanceof Error ? `${error.message}${cause}` : String(error), at };
  }
}

/**
 * What a load's replies say whatever it bought: throughput, latency, 5xx replies, and the
 * refusals `expected` does not cover (with up to five of their messages), for the report.
 */
export function replyFigures(attempts: readonly Attempt[], seconds: number, expected: (attempt: Attempt) => boolean, cpuSeconds: number | null) {
  const latencies = attempts.map((a) => a.ms).sort((a, b) => a - b);
  const other = attempts.filter((a) => a.status < 500 && a.code !== 1 && !expected(a));
  const failed = attempts.filter((a) => a.status >= 500);
  return {
    attempts: attempts.length,
    attemptsPerSecond: attempts.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    otherRefusals: other.length,
    otherMessages: [...new Set(other.map((a) => a.msg))].slice(0, 5),
    serverErrors: failed.length,
    serverErrorMessages: [...new Set(failed.map((a) => `${a.status} ${a.msg}`))].slice(0, 5),
    cpuMsPerAttempt: cpuSeconds === null ? null : (cpuSeconds * 1000) / attempts.length,
  };
}

/** Replies that took an order. */
export const succeeded = (attempts: readonly Attempt[]) => attempts.filter((a) => a.status < 500 && a.code === 1).length;
