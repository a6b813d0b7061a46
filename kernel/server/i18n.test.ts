import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerI18n, looksLikeKey, parseLang } from './i18n';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sf-i18n-'));
fs.mkdirSync(path.join(root, 'plugins', 'wish', 'i18n'), { recursive: true });
fs.writeFileSync(path.join(root, 'plugins', 'wish', 'i18n', 'en.json'), JSON.stringify({ hello: 'Hi {{name}} & co' }));
fs.writeFileSync(path.join(root, 'plugins', 'wish', 'i18n', 'zh-Hans.json'), JSON.stringify({ hello: '你好 {{name}}' }));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('server i18n', () => {
  const i18n = createServerI18n(root, ['wish', 'absent']);

  it('translates kernel and plugin keys in the request language, unescaped', () => {
    expect(i18n.t('zh-Hans', 'kernel:message.login_required')).toBe('请先登录');
    expect(i18n.t('en', 'kernel:message.login_required')).toBe('Please log in first');
    expect(i18n.t('en', 'wish:hello', { name: 'Ann' })).toBe('Hi Ann & co');
    expect(i18n.t('zh-Hans', 'wish:hello', { name: '安' })).toBe('你好 安');
  });

  it('knows which strings are keys', () => {
    expect(i18n.has('kernel:validation.phone')).toBe(true);
    expect(i18n.has('kernel:nope.nothing')).toBe(false);
    expect(i18n.has('Invalid input: expected string')).toBe(false);
    expect(looksLikeKey('goods:message.sold_out')).toBe(true);
    expect(looksLikeKey('无效输入：期望 string')).toBe(false);
  });

  it('reads the Lang header as the spec sends it', () => {
    expect(parseLang('zh-cn')).toBe('zh-Hans');
    expect(parseLang('zh-Hans')).toBe('zh-Hans');
    expect(parseLang(undefined)).toBe('zh-Hans');
    expect(parseLang('en')).toBe('en');
    expect(parseLang('en-US')).toBe('en');
    expect(parseLang('fr')).toBe('zh-Hans');
  });
});
