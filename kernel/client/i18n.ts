/**
 * i18next for the browser: the `kernel` namespace plus one namespace per mounted plugin (its id),
 * the language from the stored preference, else the device (zh* → zh-Hans, anything else → en).
 * Strings come per language on demand (./i18n-namespaces.ts): the app renders once the current
 * language has arrived (`locale.ready()`), and a switch loads the other language first.
 */
import { createInstance, type i18n as I18next } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, LANGUAGES, type Language } from '../core/language';
import type { Browser } from './browser';
import { addNamespace, ensureNamespaces, loadLanguage } from './i18n-namespaces';
import type { Locale, Storage } from './kernel';
import type { I18nSources } from './plugin';
import { loadTimeFormats, timeFormats } from './time-formats';

export { isLanguage, LANGUAGES, pickLanguage, type Language } from '../core/language';
export const LANGUAGE_KEY = 'language';

/**
 * The kernel's own strings: one download per language, like a plugin's. Those only the server
 * words (its refusals, their field labels: a reply's `msg` and `data.problems` arrive translated)
 * are in ../core/i18n/server/ and not shipped: 2.x kB gzip less on every first load in Chinese.
 */
export const KERNEL_STRINGS: I18nSources = {
  en: () => import('./kernel-strings/en'),
  'zh-Hans': () => import('./kernel-strings/zh-Hans'),
};

/** An i18next instance in `language` with the `kernel` namespace registered (loading, unless given inline). */
export function createI18n(language: Language, kernelStrings: I18nSources = KERNEL_STRINGS): I18next {
  const i18n = createInstance();
  i18n.use(initReactI18next);
  // No backend: initialisation is synchronous; strings are added as bundles when they arrive.
  void i18n.init({
    lng: language,
    fallbackLng: 'zh-Hans',
    supportedLngs: [...LANGUAGES],
    ns: ['kernel'],
    defaultNS: 'kernel',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    // A namespace arriving after the first render (a plugin enabled later) re-renders its users.
    react: { bindI18nStore: 'added' },
  });
  void addNamespace(i18n, 'kernel', kernelStrings, language);
  return i18n;
}

export const currentLanguage = (i18n: I18next): Language => (isLanguage(i18n.language) ? i18n.language : 'zh-Hans');

/** `browser` hears each choice, to tell the server (it writes the next page in it). */
export function createLocale(i18n: I18next, storage: Storage, browser?: Pick<Browser, 'rememberLanguage'>): Locale {
  return {
    language: () => currentLanguage(i18n),
    ready: () => loadLanguage(i18n, currentLanguage(i18n)),
    ensure: (namespaces) => ensureNamespaces(i18n, namespaces, currentLanguage(i18n)),
    async setLanguage(language) {
      storage.set(LANGUAGE_KEY, language);
      browser?.rememberLanguage(language);
      await loadLanguage(i18n, language);
      await i18n.changeLanguage(language);
      if (typeof document !== 'undefined') document.documentElement.lang = language;
    },
    onChange(listener) {
      const heard = (language: string) => isLanguage(language) && listener(language);
      i18n.on('languageChanged', heard);
      return () => i18n.off('languageChanged', heard);
    },
    relativeTime: (value, now) => timeFormats().relativeTime(value, (key, params) => i18n.t(key, params), now),
    chatTime: (value, now) => timeFormats().chatTime(value, now),
    loadTimeFormats: () => loadTimeFormats().then(() => undefined),
  };
}
