/**
 * The wire under the Http service: axios and the request signature. It is its own chunk,
 * fetched when the kernel starts and awaited by the first call, so axios and spark-md5 (a fifth
 * of the kernel's weight) download in parallel with the first render instead of before it.
 */
import axios, { type AxiosAdapter } from 'axios';
import type { CallDef } from '../core/contract';
import { signHeaders, type SignInput } from './signer';

export const TIMEOUT_MS = 60_000;

export interface WireRequest {
  call: CallDef;
  baseURL: string;
  body: unknown;
  sign: SignInput;
}

export interface WireResponse {
  status: number;
  data: unknown;
}

/** The request never got an answer: it timed out, or the network failed. */
export class TransportError extends Error {
  constructor(readonly kind: 'timeout' | 'network', cause: unknown) {
    super(kind, { cause });
    this.name = 'TransportError';
  }
}

export type Transport = (request: WireRequest) => Promise<WireResponse>;

export function createTransport(adapter: AxiosAdapter | null): Transport {
  // Every status reaches the caller: the Http service owns the meaning of non-200 replies.
  const client = axios.create({ timeout: TIMEOUT_MS, validateStatus: () => true });
  return async ({ call, baseURL, body, sign }) => {
    const isGet = call.method === 'GET';
    try {
      const response = await client.request({
        method: call.method,
        baseURL,
        url: call.path,
        headers: signHeaders(sign),
        data: isGet ? undefined : body,
        params: isGet ? body : undefined,
        adapter: adapter ?? undefined,
      });
      return { status: response.status, data: response.data };
    } catch (error) {
      const timedOut = axios.isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT');
      throw new TransportError(timedOut ? 'timeout' : 'network', error);
    }
  };
}
