import { describe, expect, it } from 'vitest';
import { acceptedLanguages, cookieLanguage, LANGUAGE_COOKIE, languageCookie, pickLanguage } from './language';

describe('the shopper’s language', () => {
  it('prefers the stored choice, else the first device language', () => {
    expect(pickLanguage('en', ['zh-CN'])).toBe('en');
    expect(pickLanguage('zh-Hans', ['en-US'])).toBe('zh-Hans');
    expect(pickLanguage(null, ['zh-CN', 'en'])).toBe('zh-Hans');
    expect(pickLanguage(null, ['zh-TW'])).toBe('zh-Hans');
    expect(pickLanguage('klingon', ['de-DE'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });

  it('reads the choice from a Cookie header, ignoring other cookies and unknown values', () => {
    expect(cookieLanguage(`a=1; ${LANGUAGE_COOKIE}=en; b=2`)).toBe('en');
    expect(cookieLanguage(`${LANGUAGE_COOKIE}=zh-Hans`)).toBe('zh-Hans');
    expect(cookieLanguage(`${LANGUAGE_COOKIE}=fr`)).toBeNull();
    expect(cookieLanguage(`x${LANGUAGE_COOKIE}=en`)).toBeNull();
    expect(cookieLanguage(undefined)).toBeNull();
  });

  it('writes a cookie the reader reads back', () => {
    const cookie = languageCookie('en');
    expect(cookie).toMatch(/; Path=\/; Max-Age=\d+; SameSite=Lax$/);
    expect(cookieLanguage(cookie.split(';')[0])).toBe('en');
  });

  it('orders Accept-Language by q, then as written, without wildcards or refusals', () => {
    expect(acceptedLanguages('zh-CN,zh;q=0.9,en;q=0.8')).toEqual(['zh-CN', 'zh', 'en']);
    expect(acceptedLanguages('en;q=0.5, zh-TW, *;q=0.1, de;q=0')).toEqual(['zh-TW', 'en']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
