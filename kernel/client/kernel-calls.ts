/**
 * The kernel's own calls (site config, token refresh), loaded as a chunk of their own: contracts
 * carry zod schemas, and keeping zod out of the initial bundle is worth one small request that
 * starts as soon as the kernel does (boot awaits it alongside the plugins' boot hooks).
 */
import type { kernelContract } from '../core/kernel.contract';

export type KernelCalls = typeof kernelContract;

let loading: Promise<KernelCalls> | null = null;

export function loadKernelCalls(): Promise<KernelCalls> {
  loading ??= import('../core/kernel.contract').then(
    (module) => module.kernelContract,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The refresh call's path, known without loading the contract (the 401 handler checks it). */
export const REFRESH_PATH = '/api/token/refresh';
