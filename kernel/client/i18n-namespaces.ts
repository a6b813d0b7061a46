/**
 * Namespaces and their strings per language. A namespace given as loaders downloads only the
 * language in use (the other one on a switch); one given inline is added in both at once.
 */
import type { i18n as I18next } from 'i18next';
import type { Language } from './kernel';
import type { I18nSources, Resources, ResourceSource } from './plugin';

interface Registry {
  sources: Map<string, I18nSources>;
  /** Loads under way, by `language|namespace`, so concurrent asks share one download. */
  loading: Map<string, Promise<void>>;
}

const registries = new WeakMap<I18next, Registry>();

function registryOf(i18n: I18next): Registry {
  let registry = registries.get(i18n);
  if (!registry) registries.set(i18n, (registry = { sources: new Map(), loading: new Map() }));
  return registry;
}

const isLoader = (source: ResourceSource): source is () => Promise<{ default: Resources }> => typeof source === 'function';

function load(i18n: I18next, language: Language, namespace: string): Promise<void> {
  const registry = registryOf(i18n);
  const source = registry.sources.get(namespace)?.[language];
  if (!source || i18n.hasResourceBundle(language, namespace)) return Promise.resolve();
  if (!isLoader(source)) {
    i18n.addResourceBundle(language, namespace, source, true, true);
    return Promise.resolve();
  }
  const key = `${language}|${namespace}`;
  let running = registry.loading.get(key);
  if (!running) {
    running = source()
      .then((module) => void i18n.addResourceBundle(language, namespace, module.default, true, true))
      .catch((error: unknown) => {
        // Keys show instead of strings; the next switch or mount tries again.
        console.error(`storefront: the ${language} strings of \`${namespace}\` failed to load`, error);
      })
      .finally(() => registry.loading.delete(key));
    registry.loading.set(key, running);
  }
  return running;
}

/** Registers a namespace and loads what the current language needs of it (inline strings: both languages). */
export function addNamespace(i18n: I18next, namespace: string, sources: I18nSources, language: Language): Promise<void> {
  registryOf(i18n).sources.set(namespace, sources);
  const languages = (Object.keys(sources) as Language[]).filter((l) => l === language || !isLoader(sources[l]));
  return Promise.all(languages.map((l) => load(i18n, l, namespace))).then(() => undefined);
}

/** Loads every registered namespace in `language` (before switching to it, or before the first render). */
export function loadLanguage(i18n: I18next, language: Language): Promise<void> {
  const namespaces = [...registryOf(i18n).sources.keys()];
  return Promise.all(namespaces.map((namespace) => load(i18n, language, namespace))).then(() => undefined);
}
