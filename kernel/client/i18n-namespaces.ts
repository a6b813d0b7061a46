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
  /** Loads under way, by `language|namespace`: concurrent asks share one download, and a
   *  suspended component is handed the same promise on every render until it settles. */
  loading: Map<string, Promise<void>>;
  /** Downloads that failed: keys show instead of strings, and nothing waits on them again. */
  failed: Set<string>;
}

const registries = new WeakMap<I18next, Registry>();

function registryOf(i18n: I18next): Registry {
  let registry = registries.get(i18n);
  if (!registry) registries.set(i18n, (registry = { sources: new Map(), wanted: new Set(), loading: new Map(), failed: new Set() }));
  return registry;
}

const isLoader = (source: ResourceSource): source is () => Promise<{ default: Resources }> => typeof source === 'function';

/** Starts loading `namespace` in `language` unless it is there; the promise while it downloads. */
function start(i18n: I18next, language: Language, namespace: string): Promise<void> | undefined {
  const registry = registryOf(i18n);
  const source = registry.sources.get(namespace)?.[language];
  const key = `${language}|${namespace}`;
  if (!source || i18n.hasResourceBundle(language, namespace) || registry.failed.has(key)) return undefined;
  if (!isLoader(source)) {
    i18n.addResourceBundle(language, namespace, source, true, true);
    return undefined;
  }
  let running = registry.loading.get(key);
  if (!running) {
    running = source()
      .then(
        (module) => void i18n.addResourceBundle(language, namespace, module.default, true, true),
        (error: unknown) => {
          registry.failed.add(key);
          console.error(`storefront: the ${language} strings of \`${namespace}\` failed to load`, error);
        },
      )
      .finally(() => registry.loading.delete(key));
    registry.loading.set(key, running);
  }
  return running;
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
 * A registered namespace still downloading in `language`: the promise to wait on (the same one
 * until it settles, as React's `use` wants). Undefined when it is there, failed, or unknown.
 */
export function pendingNamespace(i18n: I18next, namespace: string, language: Language): Promise<void> | undefined {
  const registry = registryOf(i18n);
  if (!registry.sources.has(namespace)) return undefined;
  registry.wanted.add(namespace);
  return start(i18n, language, namespace);
}

/** Loads the namespaces in `language` (before a page that uses them renders). */
export function ensureNamespaces(i18n: I18next, namespaces: readonly string[], language: Language): Promise<void> {
  return Promise.all(namespaces.map((namespace) => pendingNamespace(i18n, namespace, language))).then(() => undefined);
}

/** Loads every namespace asked for so far in `language` (before switching to it, or before the first render). */
export function loadLanguage(i18n: I18next, language: Language): Promise<void> {
  const namespaces = [...registryOf(i18n).wanted];
  return Promise.all(namespaces.map((namespace) => load(i18n, language, namespace))).then(() => undefined);
}

/** The namespace of a `namespace:key` string (undefined for a bare key). */
export function namespaceOf(key: string): string | undefined {
  const colon = key.indexOf(':');
  return colon > 0 ? key.slice(0, colon) : undefined;
}

/** The distinct namespaces of some `namespace:key` strings. */
export const namespacesOf = (keys: readonly string[]): string[] =>
  [...new Set(keys.map(namespaceOf).filter((namespace): namespace is string => namespace !== undefined))];
