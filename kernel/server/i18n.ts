/**
 * Server-side translation: the `kernel` namespace plus one namespace per plugin
 * (`plugins/<id>/i18n/{en,zh-Hans}.json`), so `BizError('goods:message.sold_out')` reaches the
 * shopper in the request's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createInstance, type i18n as I18next } from 'i18next';
import type { Lang } from './plugin';
import kernelEn from '../core/i18n/en.json';
import kernelServerEn from '../core/i18n/server/en.json';
import kernelServerZh from '../core/i18n/server/zh-Hans.json';
import kernelZh from '../core/i18n/zh-Hans.json';

type Strings = { [key: string]: string | Strings };

/** The kernel's strings the browser shows too, with those only the server words (its refusals), section by section. */
function withServerOnly(shared: Strings, serverOnly: Strings): Strings {
  const merged: Strings = { ...shared };
  for (const [section, strings] of Object.entries(serverOnly)) {
    const base = merged[section];
    merged[section] = typeof base === 'object' && typeof strings === 'object' ? { ...base, ...strings } : strings;
  }
  return merged;
}

// Imported, not read by path, so the host runs in any project root and inside jsdom page tests.
const KERNEL_STRINGS: Record<Lang, object> = { 'zh-Hans': withServerOnly(kernelZh, kernelServerZh), en: withServerOnly(kernelEn, kernelServerEn) };

export const LANGS: readonly Lang[] = ['zh-Hans', 'en'];

export type Translate = (lang: Lang, key: string, params?: Record<string, unknown>) => string;

export interface ServerI18n {
  t: Translate;
  /** True when `key` names a string in some namespace (used to tell i18n keys from plain zod messages). */
  has(key: string): boolean;
  instance: I18next;
}

/** `pluginIds` are the plugins whose `i18n/` folders under `root/plugins` are loaded (missing files are skipped). */
const MADE_TEXTS = 10_000;

export function createServerI18n(root: string, pluginIds: readonly string[]): ServerI18n {
  const resources: Record<string, Record<string, object>> = {};
  for (const lang of LANGS) {
    resources[lang] = { kernel: KERNEL_STRINGS[lang] };
    for (const id of pluginIds) {
      const bundle = readJson(path.join(root, 'plugins', id, 'i18n', `${lang}.json`));
      if (bundle) resources[lang][id] = bundle;
    }
  }
  const instance = createInstance();
  void instance.init({
    resources,
    ns: Object.keys(resources['zh-Hans']),
    defaultNS: 'kernel',
    fallbackLng: 'zh-Hans',
    supportedLngs: [...LANGS],
    initAsync: false,
    // Replies are JSON, not HTML: escaping here would show `&amp;` to the shopper.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // The bundles never change while the server runs, and a refusal's message is asked for again and
  // again (a sold-out crowd): each text is made once. Bounded: params can make many texts.
  const made = new Map<string, string>();
  const t: Translate = (lang, key, params) => {
    const id = params ? `${lang}\u0000${key}\u0000${JSON.stringify(params)}` : `${lang}\u0000${key}`;
    let text = made.get(id);
    if (text === undefined) {
      if (made.size >= MADE_TEXTS) made.clear();
      text = instance.t(key, { ...params, lng: lang }) as string;
      made.set(id, text);
    }
    return text;
  };
  return {
    instance,
    t,
    has: (key) => looksLikeKey(key) && instance.exists(key, { lng: 'zh-Hans' }),
  };
}

/** `namespace:path.to.key` — what BizError and schema messages use; a zod sentence never looks like that. */
export function looksLikeKey(text: string): boolean {
  return /^[a-z][\w-]*:[\w.-]+$/i.test(text);
}

function readJson(file: string): object | null {
  if (!fs.existsSync(file)) return null;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as object;
  } catch (error) {
    throw new Error(`cannot read translations ${file}: ${(error as Error).message}`, { cause: error });
  }
}

/** `Lang` header → language: zh-cn, zh-Hans and a missing header mean Simplified Chinese; en* means English. */
export function parseLang(header: string | string[] | undefined): Lang {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase() ?? '';
  return value.startsWith('en') ? 'en' : 'zh-Hans';
}
