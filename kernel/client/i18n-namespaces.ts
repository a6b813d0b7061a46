/**
 * Namespaces and their strings per language. A namespace given as loaders downloads only the
 * language in use (the other one on a switch), and only once something needs it: eager ones at
 * boot (the first screen's), the others when a page, menu slot or component that uses them first
 * renders (`pendingNamespace`, which `useT` waits on). One given inline is added in both at once.
 */
import type { i18n as I18next } from 'i18next';
import type { Language } from './kernel';
import type { I18nSources, Resources, ResourceSource } from './plugin';

interface Registry {
  sources: Map<string, I18nSources>;
  /** Namespaces something has asked for: a language switch loads these, and only these. */
  wanted: Set<string>;
  /**
   * Downloads by `language|namespace`, kept after they settle: concurrent asks share one download,
   * and a component that suspended on one (React's `use`) is handed the same promise on every
   * render, marked fulfilled once done so `use` returns at once. A failed download settles too
   * (keys show instead of strings) and is not tried again.
   */
  loads: Map<string, NamespaceLoad>;
  /** `language|namespace` bundles that hold only some labels (from the bootstrap): the rest still downloads. */
  partial: Set<string>;
}

/** A download as React's `use` reads it: `status` is set when it has settled. */
export type NamespaceLoad = Promise<void> & { status?: 'fulfilled'; value?: undefined };

const registries = new WeakMap<I18next, Registry>();

function registryOf(i18n: I18next): Registry {
  let registry = registries.get(i18n);
  if (!registry) registries.set(i18n, (registry = { sources: new Map(), wanted: new Set(), loads: new Map(), partial: new Set() }));
  return registry;
}

const isLoader = (source: ResourceSource): source is () => Promise<{ default: Resources }> => typeof source === 'function';

/** Whether a download has settled (its strings are there, or it failed). */
export const isSettled = (load: NamespaceLoad): boolean => load.status === 'fulfilled';

/**
 * Starts loading `namespace` in `language` unless it is there; the download (pending or settled),
 * or undefined when there is nothing to download (unknown, inline, or added some other way).
 */
function start(i18n: I18next, language: Language, namespace: string): NamespaceLoad | undefined {
  const registry = registryOf(i18n);
  const key = `${language}|${namespace}`;
  const known = registry.loads.get(key);
  if (known) return known;
  const source = registry.sources.get(namespace)?.[language];
  if (!source || (i18n.hasResourceBundle(language, namespace) && !registry.partial.has(key))) return undefined;
  if (!isLoader(source)) {
    i18n.addResourceBundle(language, namespace, source, true, true);
    return undefined;
  }
  const load: NamespaceLoad = source()
    .then(
      (module) => void i18n.addResourceBundle(language, namespace, module.default, true, true),
      (error: unknown) => {
        console.error(`storefront: the ${language} strings of \`${namespace}\` failed to load`, error);
      },
    )
    .then(() => {
      Object.assign(load, { status: 'fulfilled', value: undefined });
    });
  registry.loads.set(key, load);
  return load;
}

const load = (i18n: I18next, language: Language, namespace: string): Promise<void> => start(i18n, language, namespace) ?? Promise.resolve();

/**
 * Registers a namespace. Eager: loads what the current language needs of it now (inline strings:
 * both languages). Otherwise it waits until first asked for (`pendingNamespace`, `ensureNamespace`).
 */
export function addNamespace(i18n: I18next, namespace: string, sources: I18nSources, language: Language, eager = true): Promise<void> {
  const registry = registryOf(i18n);
  registry.sources.set(namespace, sources);
  const inline = (Object.keys(sources) as Language[]).filter((l) => !isLoader(sources[l]));
  if (!eager) return Promise.all(inline.map((l) => load(i18n, l, namespace))).then(() => undefined);
  registry.wanted.add(namespace);
  const languages = (Object.keys(sources) as Language[]).filter((l) => l === language || inline.includes(l));
  return Promise.all(languages.map((l) => load(i18n, l, namespace))).then(() => undefined);
}

/**
 * The download of a registered namespace in `language`, started if need be: the same promise on
 * every call, settled or not (what React's `use` wants). Undefined when there is nothing to
 * download (an unknown namespace, inline strings, or strings already added).
 */
export function namespaceLoad(i18n: I18next, namespace: string, language: Language): NamespaceLoad | undefined {
  const registry = registryOf(i18n);
  if (!registry.sources.has(namespace)) return undefined;
  registry.wanted.add(namespace);
  return start(i18n, language, namespace);
}

/** Loads the namespaces in `language` (before a page that uses them renders). */
export function ensureNamespaces(i18n: I18next, namespaces: readonly string[], language: Language): Promise<void> {
  return Promise.all(namespaces.map((namespace) => namespaceLoad(i18n, namespace, language))).then(() => undefined);
}

/** Loads every namespace asked for so far in `language` (before switching to it, or before the first render). */
export function loadLanguage(i18n: I18next, language: Language): Promise<void> {
  const namespaces = [...registryOf(i18n).wanted];
  return Promise.all(namespaces.map((namespace) => load(i18n, language, namespace))).then(() => undefined);
}

/**
 * Adds single strings (`namespace:key` → text) by language, such as the first screen's menu
 * labels that come with index.html. Their namespaces still download in full when something asks.
 */
export function addLabels(i18n: I18next, labels: Partial<Record<Language, Record<string, string>>>): void {
  const registry = registryOf(i18n);
  for (const [language, strings] of Object.entries(labels) as [Language, Record<string, string>][]) {
    for (const [label, text] of Object.entries(strings)) {
      const namespace = namespaceOf(label);
      if (!namespace) continue;
      if (!i18n.hasResourceBundle(language, namespace)) registry.partial.add(`${language}|${namespace}`);
      i18n.addResource(language, namespace, label.slice(namespace.length + 1), text, { silent: true });
    }
  }
}

/** Whether `namespace:key` has its string in `language` (a label from the bootstrap counts). */
export function hasString(i18n: I18next, label: string, language: Language): boolean {
  const namespace = namespaceOf(label);
  return namespace !== undefined && i18n.getResource(language, namespace, label.slice(namespace.length + 1)) !== undefined;
}

/** The namespace of a `namespace:key` string (undefined for a bare key). */
export function namespaceOf(key: string): string | undefined {
  const colon = key.indexOf(':');
  return colon > 0 ? key.slice(0, colon) : undefined;
}

/** The distinct namespaces of some `namespace:key` strings. */
export const namespacesOf = (keys: readonly string[]): string[] =>
  [...new Set(keys.map(namespaceOf).filter((namespace): namespace is string => namespace !== undefined))];
