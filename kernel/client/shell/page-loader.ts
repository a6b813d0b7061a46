/**
 * Loading a lazy page (spec §2: delay 200 ms, time-out 60 000 ms). Loaded pages are remembered,
 * so coming back to a route renders at once without a loader.
 */
import type { ComponentType } from 'react';
import type { PageProps, RouteDef } from '../plugin';

export const LOADER_DELAY_MS = 200;
export const PAGE_TIMEOUT_MS = 60_000;

export type PageComponent = ComponentType<PageProps>;

export class PageTimeoutError extends Error {
  constructor(readonly path: string) {
    super(`page ${path} did not load within ${PAGE_TIMEOUT_MS / 1000} s`);
    this.name = 'PageTimeoutError';
  }
}

const loaded = new WeakMap<RouteDef['page'], PageComponent>();

/** The page, when its file has loaded (by any kernel) and its plugin's code is here. */
export const loadedPage = (route: RouteDef): PageComponent | undefined => (route.codeReady?.() === false ? undefined : loaded.get(route.source ?? route.page));

/**
 * The page's code, together with whatever it must have before it renders (its title's strings):
 * one 60 s time-out covers both, so a download that never settles ends in the retry, never in an
 * endless loader.
 */
export function loadPage(route: RouteDef, alongside: Promise<unknown> = Promise.resolve(), timeoutMs = PAGE_TIMEOUT_MS): Promise<PageComponent> {
  const ready = loadedPage(route);
  const page = ready
    ? Promise.resolve(ready)
    : route.page().then((module) => {
        loaded.set(route.source ?? route.page, module.default);
        return module.default;
      });
  return new Promise<PageComponent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageTimeoutError(route.path)), timeoutMs);
    Promise.all([page, alongside]).then(
      ([component]) => {
        clearTimeout(timer);
        resolve(component);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
