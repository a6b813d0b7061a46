/**
 * The goodsList load spread over several nodes, as behind a load balancer: one autocannon per
 * node, all at once, the connections split between them. Each run returns its raw latency
 * histogram and autocannon adds them up, so p50 and p99 are of every request, not an average of
 * per-node percentiles.
 */
import autocannon, { type RawResult } from 'autocannon';
import type { AppCredentials } from '@kernel/server/pipeline/signature';
import { goodsListLoad, type LoadFigures } from './api';

export interface SpreadLoadFigures extends LoadFigures {
  /** Requests each node answered, in the order of the URLs. */
  perNode: number[];
}

/** `total` connections over `nodes` targets, as evenly as they go: 10 over 3 is 4, 3, 3. */
export function splitConnections(total: number, nodes: number): number[] {
  if (nodes < 1 || total < nodes) throw new Error(`${total} connections cannot be split over ${nodes} node(s): each needs at least one`);
  return Array.from({ length: nodes }, (_, i) => Math.floor(total / nodes) + (i < total % nodes ? 1 : 0));
}

/** Runs at the same time end together, so the rate is every request over the longest run. */
export function mergeRuns(urls: readonly string[], connections: number, runs: readonly RawResult[]): SpreadLoadFigures {
  const merged = autocannon.aggregateResult([...runs], { url: urls[0], connections });
  const total = runs.reduce((sum, r) => sum + r.totalCompletedRequests, 0);
  const seconds = Math.max(...runs.map((r) => r.duration));
  return {
    url: urls.join(' + '),
    requestsPerSecond: seconds > 0 ? total / seconds : 0,
    p50Ms: merged.latency.p50,
    p99Ms: merged.latency.p99,
    total,
    errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    perNode: runs.map((r) => r.totalCompletedRequests),
  };
}

/** `connections` split over the URLs, all for `seconds`; the figures of the whole. */
export async function spreadLoad(urls: readonly string[], app: AppCredentials, connections: number, seconds: number): Promise<SpreadLoadFigures> {
  const shares = splitConnections(connections, urls.length);
  const runs = await Promise.all(
    urls.map((url, i) => autocannon({ ...goodsListLoad(url, app, shares[i], seconds), skipAggregateResult: true })),
  );
  return mergeRuns(urls, connections, runs);
}
