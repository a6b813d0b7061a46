/**
 * The hooks pages use. Everything reaches the kernel through <KernelProvider>; nothing here
 * imports a plugin.
 */
import { use, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InjectionToken } from 'tsyringe';
import { useSnapshot } from 'valtio';
import { currentLanguage } from './i18n';
import { isSettled, namespaceLoad } from './i18n-namespaces';
import { KernelContext, QueryContext } from './context';
import type { Kernel, Language, Locale, Navigator } from './kernel';
import type { ExtensionPoint } from '../core/extension';
import { loadTimeFormats } from './time-formats';

export function useKernel(): Kernel {
  const kernel = useContext(KernelContext);
  if (!kernel) throw new Error('useKernel() needs a <KernelProvider> above the component (the shell provides one)');
  return kernel;
}

export function useService<T>(token: InjectionToken<T>): T {
  const kernel = useKernel();
  return kernel.container.resolve(token);
}

export const useNav = (): Navigator => useKernel().nav;

/** A read-only snapshot of the session: re-renders on login, logout and user updates. */
export const useSession = () => useSnapshot(useKernel().session.state);

/** A read-only snapshot of the chat socket's state: `{ status, attempts, failed, online, lastError }`. */
export const useSocket = () => useSnapshot(useKernel().socket.state);

/**
 * The current language; re-renders on a switch. Data fetched in a language (catalogue names)
 * keys on it: useCall and usePaged fetch again when it changes.
 */
export function useLanguage(): Language {
  useTranslation('kernel'); // re-render on a language switch
  return currentLanguage(useKernel().i18n);
}

/** A read-only snapshot of the site state (config and enabled plugins). */
export const useSite = () => useSnapshot(useKernel().site);

/**
 * react-i18next's useTranslation; `ns` is a plugin id (default: `kernel`). A namespace not yet
 * downloaded suspends the component until it arrives (pages render inside Suspense), so a screen
 * never shows keys for strings that load on first use.
 */
export function useT(ns?: string | string[]) {
  const translation = useTranslation(ns ?? 'kernel');
  useNamespaces(typeof ns === 'string' ? [ns] : (ns ?? []));
  return translation;
}

/**
 * The translation of a first-screen part (a home section, the home notice bar) whose plugin lists
 * the strings it shows as `bootStrings`: they came with index.html, so it never waits for the
 * plugin's namespace. A page that reuses the part loads the namespace (its `useT`) before the part
 * renders.
 */
export function useBootT(ns: string) {
  return useTranslation(ns);
}

/**
 * Whether these namespaces are there in the current language, without suspending: starts their
 * download and re-renders once they have arrived (for the shell's title bar, which must not wait).
 */
export function useNamespacesReady(namespaces: readonly string[]): boolean {
  const { i18n } = useKernel();
  useTranslation('kernel'); // re-render on a language switch
  const language = currentLanguage(i18n);
  const pending = namespaces.map((namespace) => namespaceLoad(i18n, namespace, language)).filter((load) => load && !isSettled(load));
  const [, arrived] = useState(0);
  const key = `${language}|${namespaces.join(',')}`;
  useEffect(() => {
    if (pending.length === 0) return;
    let live = true;
    void Promise.all(pending).then(() => live && arrived((n) => n + 1));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `pending` is derived from `key` (and what has loaded, which only ever grows)
  }, [key]);
  return pending.length === 0;
}

/** Waits (suspends) until these namespaces are there in the current language; all start downloading at once. */
export function useNamespaces(namespaces: readonly string[]): void {
  // The kernel's instance itself: react-i18next hands out a wrapper of it.
  const { i18n } = useKernel();
  useTranslation('kernel'); // re-render on a language switch
  const language = currentLanguage(i18n);
  const loads = namespaces.map((namespace) => namespaceLoad(i18n, namespace, language));
  // The same promise on every render, before and after it settles, so `use` is called alike each
  // time (React requires it); a settled one returns at once.
  for (const load of loads) if (load) use(load as Promise<void>);
}

/**
 * The locale (language switch, relative and chat time); re-renders when the language changes,
 * e.g. `const locale = useLocale(); locale.setLanguage('en')`. The first use waits (suspends)
 * while the time formats load; pages render inside Suspense.
 */
export function useLocale(): Locale {
  useTranslation('kernel');
  // The same promise on every render, marked fulfilled once loaded: `use` is called alike each
  // time (React requires it) and returns at once after the first load.
  use(loadTimeFormats());
  return useKernel().locale;
}

/**
 * What the enabled plugins put into an extension point (`goods.actions`, `home.sections`). The
 * plugins that fill it are loaded on first use, without suspending: the view draws what is here
 * and re-renders as their code arrives. `settled` once every filler has loaded (or failed).
 */
export function useExtensions<T>(point: ExtensionPoint<T>): { items: T[]; settled: boolean } {
  const kernel = useKernel();
  useSite();
  useSnapshot(kernel.plugins.state);
  const filling = kernel.plugins.fill(point.id);
  const [, settledNow] = useState(0);
  useEffect(() => {
    let live = true;
    void filling.then(() => live && settledNow((n) => n + 1));
    return () => {
      live = false;
    };
  }, [filling]);
  return { items: kernel.extensions.list(point), settled: filling.status === 'fulfilled' };
}

/** The current page's query parameters. */
export const useQuery = (): Record<string, string> => useContext(QueryContext);

export { toCallError, useCall, usePaged, type CallState, type PagedOptions, type PagedState, type Status } from './call-hooks';
