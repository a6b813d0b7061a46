/**
 * The browser's plugin host: which plugins run (the enabled descriptors the server sent) and
 * their browser code, loaded on demand. A plugin's code is fetched the first time one of its
 * routes, badges or filled extension points needs it, or at start (`start: 'always'`, or
 * `'session'` while someone is logged in); then its stores are registered, `setup` runs, then
 * `boot`. A disabled plugin's code is never fetched. Strings are registered per descriptor, so
 * they load beside the code, not after it.
 */
import { proxy, subscribe } from 'valtio';
import type { i18n as I18next } from 'i18next';
import { namespacesOfPlugin, type PluginDescriptor } from '../core/descriptor';
import type { ServiceRef } from '../core/extension';
import { isFirstScreenSlot } from '../core/first-screen';
import { CallError } from './call-error';
import { currentLanguage } from './i18n';
import { addNamespace, hasString } from './i18n-namespaces';
import type { Kernel, Session, SiteState } from './kernel';
import type { ClientModule, SourceMap } from './plugin';
import { storeToken } from './tokens';

/** A promise as React's `use` reads it once settled. */
export type Settling<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

export interface PluginHost {
  /** Grows as plugins' code arrives: views that show badges or contributions re-render. */
  readonly state: { loaded: string[] };
  /** The enabled plugins' descriptors, requirements first. */
  enabled(): readonly PluginDescriptor[];
  /** An enabled plugin's descriptor. */
  descriptor(id: string): PluginDescriptor | undefined;
  /** Loads an enabled plugin's code (once) and sets it up; null for a plugin not enabled. Rejects when the download fails (a retry loads again). */
  load(id: string): Promise<ClientModule | null>;
  /** The code of a plugin that has loaded. */
  module(id: string): ClientModule | undefined;
  /** Loads every enabled plugin that fills `point`: the same promise while they stay the same, for React's `use`. */
  fill(point: string): Settling<void>;
  /** Loads what must run from the start: `always` plugins, and `session` ones while someone is logged in. */
  start(): Promise<void>;
  /**
   * Takes a plugin's code that is already here (a test's, or one bundled into the page): its
   * stores and `setup` now, at once; `boot` is left to the caller. Later loads return it.
   */
  adopt(id: string, module: ClientModule): void;
  /** A service another plugin provides: loads the provider's code (once), then its value (made once). Rejects when the provider is not enabled or provides no such service. */
  service<T>(ref: ServiceRef<T>): Promise<T>;
}

export interface HostDeps {
  site: SiteState;
  sources: SourceMap;
  i18n: I18next;
  session: Session;
  /** The kernel, once built (setup and boot hooks get it). */
  kernel: () => Kernel;
}

/**
 * Whether a plugin's strings belong to the first screen: it has a tab or an entry in a `home.*`
 * slot whose label did not come with index.html, fills a `home.*` extension point, or owns the
 * home route. The others download when first used, so a plugin a site adds costs the home route
 * nothing but its labels. A plugin that lists its `bootStrings` gets those with index.html instead.
 */
export function stringsAtBoot(descriptor: PluginDescriptor, hasLabel: (label: string) => boolean = () => false): boolean {
  if (descriptor.bootStrings !== undefined) return false;
  return (
    (descriptor.menu ?? []).some((entry) => isFirstScreenSlot(entry.slot) && !hasLabel(entry.label)) ||
    (descriptor.fills ?? []).some(isFirstScreenSlot) ||
    (descriptor.routes ?? []).some((r) => r.path === '/')
  );
}

export function createPluginHost({ site, sources, i18n, session, kernel }: HostDeps): PluginHost {
  const state = proxy({ loaded: [] as string[] });
  const modules = new Map<string, ClientModule>();
  const loads = new Map<string, Promise<ClientModule>>();
  const fills = new Map<string, Settling<void>>();
  const named = new Set<string>();

  const enabled = () => site.enabled as readonly PluginDescriptor[];
  const descriptor = (id: string) => enabled().find((d) => d.id === id);

  // Strings are known per descriptor: they can download before (and beside) the code.
  const registerStrings = () => {
    for (const d of enabled()) {
      const strings = sources[d.id]?.i18n;
      if (named.has(d.id) || !strings) continue;
      named.add(d.id);
      const language = currentLanguage(i18n);
      void addNamespace(i18n, namespacesOfPlugin(d)[0], strings, language, stringsAtBoot(d, (label) => hasString(i18n, label, language)));
    }
  };

  const mount = (id: string, module: ClientModule) => {
    const k = kernel();
    for (const [name, store] of Object.entries(module.stores ?? {})) k.container.register(storeToken(id, name), { useValue: store });
    try {
      module.setup?.(k);
    } catch (error) {
      console.error(`storefront: setup of plugin \`${id}\` failed`, error);
    }
  };

  const runBoot = async (id: string, module: ClientModule) => {
    try {
      await module.boot?.(kernel());
    } catch (error) {
      // A plugin's preload failing (say, the cart) must not keep the store closed; a stored
      // session the server no longer accepts is no failure: it just ended.
      if (!(error instanceof CallError && error.reason === 'expired')) console.error(`storefront: boot hook of plugin \`${id}\` failed`, error);
    }
  };

  const load = (id: string): Promise<ClientModule | null> => {
    if (!descriptor(id)) return Promise.resolve(null);
    const known = loads.get(id);
    if (known) return known;
    const code = sources[id]?.code;
    const loading = (async () => {
      const module = code ? (await code()).default : {};
      if (!modules.has(id)) {
        mount(id, module);
        await runBoot(id, module);
        modules.set(id, module);
        state.loaded.push(id);
      }
      return modules.get(id) as ClientModule;
    })();
    loads.set(id, loading);
    // A failed download may be tried again (a page's retry).
    loading.catch(() => loads.delete(id));
    return loading;
  };

  /** Loads without failing the caller: a plugin that does not load leaves its slot empty and says why in the console. */
  const loadOrReport = (id: string): Promise<unknown> => load(id).catch((error: unknown) => console.error(`storefront: plugin \`${id}\` failed to load`, error));

  const fill = (point: string): Settling<void> => {
    const fillers = enabled().filter((d) => (d.fills ?? []).includes(point)).map((d) => d.id);
    const key = `${point}|${fillers.join(',')}`;
    const known = fills.get(key);
    if (known) return known;
    const settling: Settling<void> = Promise.all(fillers.map(loadOrReport)).then(() => {
      Object.assign(settling, { status: 'fulfilled', value: undefined });
    });
    fills.set(key, settling);
    return settling;
  };

  const start = async () => {
    const wanted = enabled().filter((d) => d.start === 'always' || (d.start === 'session' && session.state.loggedIn));
    await Promise.all(wanted.map((d) => loadOrReport(d.id)));
  };

  registerStrings();
  // A plugin enabled later (a live toggle) gets its strings, and starts when it should.
  subscribe(site, () => {
    registerStrings();
    void start();
  });
  session.on('login', () => void start());

  const adopt = (id: string, module: ClientModule) => {
    if (modules.has(id)) return;
    mount(id, module);
    modules.set(id, module);
    loads.set(id, Promise.resolve(module));
    state.loaded.push(id);
  };

  const made = new Map<string, unknown>();
  const service = async <T>(ref: ServiceRef<T>): Promise<T> => {
    const key = `${ref.plugin}.${ref.id}`;
    if (made.has(key)) return made.get(key) as T;
    const module = await load(ref.plugin);
    const provision = module?.provides?.find((p) => p.ref.plugin === ref.plugin && p.ref.id === ref.id);
    if (!provision) throw new Error(`storefront: plugin \`${ref.plugin}\` ${module ? 'provides no service' : 'is not enabled, so there is no service'} \`${ref.id}\``);
    if (!made.has(key)) made.set(key, provision.make(kernel()));
    return made.get(key) as T;
  };

  return { state, enabled, descriptor, load, module: (id) => modules.get(id), fill, start, adopt, service };
}
