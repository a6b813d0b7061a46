/**
 * The few facts about the browser the boot sequence and the shell depend on, behind one
 * interface so tests can play a phone, an offline laptop or another host.
 */
import { languageCookie, type Language } from '../core/language';

export interface Browser {
  userAgent(): string;
  /** `navigator.onLine`: the spec's "network type is not none". */
  onLine(): boolean;
  /** Calls back when the network is lost or regained (the `online` and `offline` events). */
  onNetworkChange(listener: () => void): () => void;
  /** `location.href`: what a relative address (the site's `wss`) is resolved against. */
  pageUrl(): string;
  /** `location.host`, e.g. `admin.shop.test:8080`. */
  host(): string;
  /** A full-page navigation (the desktop-only rule leaves the app). */
  redirect(url: string): void;
  /** Preferred languages, most preferred first. */
  languages(): readonly string[];
  /** The language the server wrote this page in (`<html lang>`): its guess, or the remembered choice. */
  pageLanguage(): string;
  /** Tells the server the shopper's choice (a cookie), so it writes the next page in it. */
  rememberLanguage(language: Language): void;
}

export const windowBrowser: Browser = {
  userAgent: () => globalThis.navigator?.userAgent ?? '',
  onLine: () => globalThis.navigator?.onLine ?? true,
  onNetworkChange(listener) {
    const types = ['online', 'offline'];
    types.forEach((type) => addEventListener(type, listener));
    return () => types.forEach((type) => removeEventListener(type, listener));
  },
  pageUrl: () => globalThis.location?.href ?? '',
  host: () => globalThis.location?.host ?? '',
  redirect: (url) => globalThis.location.assign(url),
  languages: () => globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? 'en'],
  pageLanguage: () => globalThis.document?.documentElement.lang ?? '',
  rememberLanguage(language) {
    if (globalThis.document) globalThis.document.cookie = languageCookie(language);
  },
};
