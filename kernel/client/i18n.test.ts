import { describe, expect, it } from 'vitest';
import { createTestKernel, fakeBrowser } from '../../tests/setup/kernel';
import { definePlugin } from './plugin';
import { pickLanguage } from './i18n';

const NOW = new Date(2024, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => NOW - ms;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('language choice', () => {
  it('takes the stored preference first', () => {
    expect(pickLanguage('en', ['zh-CN'])).toBe('en');
    expect(pickLanguage('zh-Hans', ['en-US'])).toBe('zh-Hans');
  });
  it('otherwise follows the device: zh* is Simplified Chinese, anything else English', () => {
    expect(pickLanguage(null, ['zh-CN', 'en'])).toBe('zh-Hans');
    expect(pickLanguage(null, ['zh-TW'])).toBe('zh-Hans');
    expect(pickLanguage('klingon', ['de-DE'])).toBe('en');
    expect(pickLanguage(null, [])).toBe('en');
  });
  it('remembers a switch across kernels', async () => {
    const first = createTestKernel();
    expect(first.locale.language()).toBe('zh-Hans');
    await first.locale.setLanguage('en');
    expect(first.i18n.t('kernel:ui.retry')).toBe('Retry');
    const second = createTestKernel({ browser: fakeBrowser({ languages: ['zh-CN'] }) });
    expect(second.locale.language()).toBe('en');
  });
});

describe('plugin namespaces', () => {
  it('adds the namespace of each enabled plugin, in both languages', async () => {
    const shop = definePlugin({ id: 'shop', version: '1.0.0', i18n: { en: { hello: 'Hello' }, 'zh-Hans': { hello: '你好' } } });
    const off = definePlugin({ id: 'off', version: '1.0.0', i18n: { en: { x: 'X' }, 'zh-Hans': { x: '叉' } } });
    const kernel = createTestKernel({ plugins: [shop, off], enabled: ['shop'] });
    expect(kernel.i18n.t('shop:hello')).toBe('你好');
    expect(kernel.i18n.hasResourceBundle('zh-Hans', 'off')).toBe(false);
    await kernel.locale.setLanguage('en');
    expect(kernel.i18n.t('shop:hello')).toBe('Hello');
  });
});

describe('relative time (spec §9)', () => {
  it('reads in Chinese', () => {
    const { locale } = createTestKernel({ language: 'zh-Hans' });
    expect(locale.relativeTime(ago(20_000), NOW)).toBe('刚刚');
    expect(locale.relativeTime(ago(5 * MINUTE), NOW)).toBe('5分钟前');
    expect(locale.relativeTime(ago(3 * HOUR), NOW)).toBe('3小时前');
    expect(locale.relativeTime(ago(2 * DAY), NOW)).toBe('2天前');
    expect(locale.relativeTime(ago(14 * DAY), NOW)).toBe('2周前');
    expect(locale.relativeTime(new Date(2024, 1, 10).getTime(), NOW)).toBe('4个月前');
    expect(locale.relativeTime(new Date(2023, 2, 1).getTime(), NOW)).toBe('2023-03-01');
  });

  it('reads in English, with plurals', () => {
    const { locale } = createTestKernel({ language: 'en' });
    expect(locale.relativeTime(ago(20_000), NOW)).toBe('just now');
    expect(locale.relativeTime(ago(1 * MINUTE), NOW)).toBe('1 minute ago');
    expect(locale.relativeTime(ago(5 * MINUTE), NOW)).toBe('5 minutes ago');
    expect(locale.relativeTime(ago(1 * HOUR), NOW)).toBe('1 hour ago');
    expect(locale.relativeTime(ago(2 * DAY), NOW)).toBe('2 days ago');
    expect(locale.relativeTime(ago(7 * DAY), NOW)).toBe('1 week ago');
    expect(locale.relativeTime(new Date(2024, 1, 10).getTime(), NOW)).toBe('4 months ago');
    expect(locale.relativeTime(new Date(2023, 2, 1).getTime(), NOW)).toBe('2023-03-01');
  });

  it('treats 10-digit values as seconds', () => {
    const { locale } = createTestKernel({ language: 'en' });
    expect(locale.relativeTime(Math.floor(ago(3 * HOUR) / 1000), NOW)).toBe('3 hours ago');
  });
});

describe('chat time (spec §9)', () => {
  it('shows HH:mm on the same day and the full date otherwise, in either language', async () => {
    const kernel = createTestKernel({ language: 'zh-Hans' });
    const morning = new Date(2024, 5, 15, 8, 5).getTime();
    const yesterday = new Date(2024, 5, 14, 23, 59).getTime();
    expect(kernel.locale.chatTime(morning, NOW)).toBe('08:05');
    expect(kernel.locale.chatTime(Math.floor(morning / 1000), NOW)).toBe('08:05');
    expect(kernel.locale.chatTime(yesterday, NOW)).toBe('2024-06-14 23:59');
    await kernel.locale.setLanguage('en');
    expect(kernel.locale.chatTime(morning, NOW)).toBe('08:05');
    expect(kernel.locale.chatTime(yesterday, NOW)).toBe('2024-06-14 23:59');
  });
});
