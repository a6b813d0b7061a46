/**
 * The requests in flight, each with its AbortController. An identical request (same method, url
 * and fingerprint) sent while the first is still out is cancelled before it leaves, and the first
 * goes on: a double tap must not place an order twice (spec §8, "cancelled because of a duplicate
 * request").
 */
import type { InternalAxiosRequestConfig } from 'axios';

export interface PendingRequests {
  /** A request interceptor: gives the request its signal, aborted at once when it is a duplicate. */
  track(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig;
  /** The request has its answer (or failed): an identical one may go again. */
  release(config: InternalAxiosRequestConfig): void;
}

export function pendingRequests(): PendingRequests {
  const inFlight = new Map<string, AbortSignal>();
  const keyOf = (config: InternalAxiosRequestConfig) => `${config.method} ${config.url} ${config.storefront?.fingerprint ?? ''}`;
  return {
    track(config) {
      const controller = new AbortController();
      config.signal = controller.signal;
      const key = keyOf(config);
      if (inFlight.has(key)) controller.abort();
      else inFlight.set(key, controller.signal);
      return config;
    },
    release(config) {
      const key = keyOf(config);
      // Only the request that holds the key frees it; a cancelled duplicate never held it.
      if (inFlight.get(key) === config.signal) inFlight.delete(key);
    },
  };
}
