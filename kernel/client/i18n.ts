/**
 * i18next for the browser: the `kernel` namespace plus one namespace per mounted plugin (its id),
 * the language from the stored preference, else the device (zh* → zh-Hans, anything else → en).
 */
import { createInstance, type i18n as I18next } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../core/i18n/en.json';
import zhHans from '../core/i18n/zh-Hans.json';
import { chatTime, relativeTime } from '../core/time';
import type { Language, Locale, Storage } from './kernel';
import type { ClientPlugin } from './plugin';

export type { Language };
export const LANGUAGES: readonly Language[] = ['zh-Hans', 'en'];
export const LANGUAGE_KEY = 'language';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The stored preference wins; otherwise the first device language decides. */
export function pickLanguage(stored: unknown, deviceLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  const first = deviceLanguages[0] ?? '';
  return first.toLowerCase().startsWith('zh') ? 'zh-Hans' : 'en';
}

export function createI18n(language: Language): I18next {
  const i18n = createInstance();
  i18n.use(initReactI18next);
  // Resources are bundled, so initialisation is synchronous and the first render is translated.
  void i18n.init({
    lng: language,
    fallbackLng: 'zh-Hans',
    supportedLngs: [...LANGUAGES],
    ns: ['kernel'],
    defaultNS: 'kernel',
    resources: { en: { kernel: en }, 'zh-Hans': { kernel: zhHans } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return i18n;
}

/** Adds a plugin's namespace (its id) in both languages. */
export function addPluginNamespace(i18n: I18next, plugin: ClientPlugin): void {
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, plugin.id, plugin.i18n[language], true, true);
  }
}

export function createLocale(i18n: I18next, storage: Storage): Locale {
  return {
    language: () => (isLanguage(i18n.language) ? i18n.language : 'zh-Hans'),
    async setLanguage(language) {
      storage.set(LANGUAGE_KEY, language);
      await i18n.changeLanguage(language);
      if (typeof document !== 'undefined') document.documentElement.lang = language;
    },
    relativeTime: (value, now) => relativeTime(value, (key, params) => i18n.t(key, params), now),
    chatTime: (value, now) => chatTime(value, now),
  };
}
