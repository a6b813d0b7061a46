/** The part of autocannon 9's API the bench uses (the package ships no types). */
declare module 'autocannon' {
  interface Histogram {
    average: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
  }

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Return the raw result (encoded histograms) so several runs can be merged by `aggregateResult`. */
    skipAggregateResult?: boolean;
  }

  /** One run's result before aggregation: the latency histogram still encoded, mergeable. */
  interface RawResult {
    latencies: string;
    totalCompletedRequests: number;
    totalRequests: number;
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  interface Result {
    /** Requests completed per second (one sample a second). */
    requests: Histogram & { total: number; sent: number };
    /** Milliseconds. */
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
  }

  function autocannon(options: Options & { skipAggregateResult: true }): Promise<RawResult>;
  function autocannon(options: Options): Promise<Result>;
  namespace autocannon {
    /** Merges raw results: their latency histograms are added, so the percentiles are of every request. */
    function aggregateResult(results: RawResult[], options: Pick<Options, 'url' | 'connections'>): Result;
  }
  export default autocannon;
  export type { Options, RawResult, Result };
}
