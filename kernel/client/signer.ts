/**
 * The request signature of spec §7. The app secret ships in the browser, so the signature is no
 * security boundary (the token is); it only keeps casual scripts and stale replays away.
 */
import SparkMD5 from 'spark-md5';
import type { Language } from './kernel';

/** Marks where a request comes from; the server may treat apps differently. */
export const APP_USE = 'storefront-web';

/** The `Lang` header's value: the server's wire names for our languages. */
export const langHeader = (lang: Language): string => (lang === 'zh-Hans' ? 'zh-cn' : 'en');

/** `Authorization = md5(key + secret + timestamp)`. */
export const authorization = (key: string, secret: string, timestamp: string): string =>
  SparkMD5.hash(key + secret + timestamp);

export interface SignInput {
  appKey: string;
  appSecret: string;
  lang: Language;
  /** Empty for anonymous visitors. */
  token: string;
  nowMillis: number;
}

export function signHeaders({ appKey, appSecret, lang, token, nowMillis }: SignInput): Record<string, string> {
  const timestamp = String(Math.floor(nowMillis / 1000));
  return {
    'App-Use': APP_USE,
    Lang: langHeader(lang),
    Token: token,
    Timestamp: timestamp,
    'App-Key': appKey,
    Authorization: authorization(appKey, appSecret, timestamp),
  };
}
