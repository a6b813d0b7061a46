/**
 * The shopper's language, chosen the same way in the browser and on the server: a stored choice
 * wins, else the first device language (zh* → zh-Hans, anything else → en). The browser keeps the
 * choice in its storage and in a cookie (LANGUAGE_COOKIE), so the server writes the next page,
 * and its static first paint, in that language with no script.
 */
export type Language = 'zh-Hans' | 'en';

export const LANGUAGES: readonly Language[] = ['zh-Hans', 'en'];

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The stored preference wins; otherwise the first device language decides. */
export function pickLanguage(stored: unknown, deviceLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  const first = deviceLanguages[0] ?? '';
  return first.toLowerCase().startsWith('zh') ? 'zh-Hans' : 'en';
}

/** The cookie that tells the server the shopper's choice. */
export const LANGUAGE_COOKIE = 'storefront-language';

const YEAR_SECONDS = 365 * 24 * 3600;

/** `document.cookie = languageCookie('en')`: the whole site, a year, sent on top-level visits. */
export const languageCookie = (language: Language): string =>
  `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;

/** The choice in a `Cookie` header, or null when there is none (or it names no language). */
export function cookieLanguage(header: string | undefined): Language | null {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === LANGUAGE_COOKIE) {
      const value = part.slice(at + 1).trim();
      return isLanguage(value) ? value : null;
    }
  }
  return null;
}

/** An `Accept-Language` header's languages, most preferred first (by q, then by order). */
export function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((item, order) => {
      const [tag, ...params] = item.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map((entry) => entry.tag);
}

/**
 * Catalogue text stored in Chinese with an optional English translation ('' = none): the English
 * for an English reader when there is one, else the Chinese.
 */
export const textIn = (language: Language, text: string, textEn: string | null | undefined): string =>
  language === 'en' && textEn ? textEn : text;
