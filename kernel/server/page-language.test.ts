import { describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '../core/language';
import { pageLanguage, withPageLanguage } from './page-language';

describe('the language of a served page', () => {
  it("is the shopper's remembered choice, else the browser's first language", () => {
    expect(pageLanguage({ cookie: `x=1; ${LANGUAGE_COOKIE}=en`, 'accept-language': 'zh-CN,zh;q=0.9' })).toBe('en');
    expect(pageLanguage({ cookie: `${LANGUAGE_COOKIE}=zh-Hans`, 'accept-language': 'en-US' })).toBe('zh-Hans');
    expect(pageLanguage({ 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' })).toBe('zh-Hans');
    expect(pageLanguage({ 'accept-language': 'en-GB,zh-CN;q=0.5' })).toBe('en');
    expect(pageLanguage({ cookie: `${LANGUAGE_COOKIE}=fr`, 'accept-language': 'zh-TW' })).toBe('zh-Hans');
  });

  it("sets the root element's lang, replacing the template's or adding one", () => {
    expect(withPageLanguage('<!doctype html>\n<html lang="zh-Hans">\n<head></head>', 'en')).toBe('<!doctype html>\n<html lang="en">\n<head></head>');
    expect(withPageLanguage('<html class="x"><head>', 'zh-Hans')).toBe('<html lang="zh-Hans" class="x"><head>');
    expect(withPageLanguage('<head></head>', 'en')).toBe('<head></head>');
  });
});
