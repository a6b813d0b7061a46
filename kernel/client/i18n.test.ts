import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestKernel, fakeBrowser } from '../../tests/setup/kernel';
import { discoverSources } from '../../app/discover';
import { inlinePlugin, splitPlugin, type InlinePlugin, type Resources } from './plugin';
import { createI18n, createLocale, currentLanguage, KERNEL_STRINGS } from './i18n';
import { addLabels, addNamespace, ensureNamespaces, hasString, isSettled, namespaceLoad } from './i18n-namespaces';
import { stringsAtBoot } from './plugin-host';

/** What the plugin host does for each enabled plugin: registers its namespace, eager for the first screen. */
const addPluginNamespace = (i18n: ReturnType<typeof createI18n>, plugin: InlinePlugin) =>
  addNamespace(i18n, plugin.id, plugin.i18n, currentLanguage(i18n), stringsAtBoot(splitPlugin(plugin).descriptor));
const atBoot = (plugin: InlinePlugin) => stringsAtBoot(splitPlugin(plugin).descriptor);
import { createStorage } from './storage';

const NOW = new Date(2024, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => NOW - ms;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('language choice', () => {
  // Which language wins (stored, else device) is kernel/core/language.test.ts.
  it('remembers a switch across kernels, and tells the server each choice', async () => {
    const browser = fakeBrowser({ languages: ['zh-CN'] });
    const first = createTestKernel({ browser });
    expect(first.locale.language()).toBe('zh-Hans');
    await first.locale.setLanguage('en');
    expect(first.i18n.t('kernel:ui.retry')).toBe('Retry');
    expect(browser.remembered).toEqual(['en']);
    const second = createTestKernel({ browser: fakeBrowser({ languages: ['zh-CN'], pageLanguage: 'en' }) });
    expect(second.locale.language()).toBe('en');
  });

  it('at boot tells the server a stored choice it did not write the page in, and only then', () => {
    localStorage.clear();
    const device = fakeBrowser({ languages: ['en-US'], pageLanguage: 'en' });
    createTestKernel({ browser: device }).locale.language();
    expect(device.remembered).toEqual([]);

    const chose = createTestKernel({ browser: fakeBrowser({ pageLanguage: 'zh-Hans' }) });
    void chose.locale.setLanguage('en');
    const stale = fakeBrowser({ languages: ['zh-CN'], pageLanguage: 'zh-Hans' });
    expect(createTestKernel({ browser: stale }).locale.language()).toBe('en');
    expect(stale.remembered).toEqual(['en']);
    const agreed = fakeBrowser({ languages: ['zh-CN'], pageLanguage: 'en' });
    createTestKernel({ browser: agreed }).locale.language();
    expect(agreed.remembered).toEqual([]);
  });
});

describe('plugin namespaces', () => {
  it('adds the namespace of each enabled plugin, in both languages', async () => {
    const shop = inlinePlugin({ id: 'shop', version: '1.0.0', i18n: { en: { hello: 'Hello' }, 'zh-Hans': { hello: '你好' } } });
    const off = inlinePlugin({ id: 'off', version: '1.0.0', i18n: { en: { x: 'X' }, 'zh-Hans': { x: '叉' } } });
    const kernel = createTestKernel({ plugins: [shop, off], enabled: ['shop'] });
    expect(kernel.i18n.t('shop:hello')).toBe('你好');
    expect(kernel.i18n.hasResourceBundle('zh-Hans', 'off')).toBe(false);
    await kernel.locale.setLanguage('en');
    expect(kernel.i18n.t('shop:hello')).toBe('Hello');
  });
});

describe('strings downloaded per language', () => {
  const strings = { en: { hello: 'Hello' }, 'zh-Hans': { hello: '你好' } };
  /** A namespace given as loaders, counting what it downloads. */
  function counted() {
    const loads: string[] = [];
    const loader = (language: 'en' | 'zh-Hans') => async () => {
      loads.push(language);
      return { default: strings[language] as Resources };
    };
    return { loads, sources: { en: loader('en'), 'zh-Hans': loader('zh-Hans') } };
  }

  /** A plugin whose strings the first screen needs (it has a tab). */
  const tabbed = (id: string, sources: InlinePlugin['i18n']) =>
    inlinePlugin({ id, version: '1.0.0', i18n: sources, menu: [{ slot: 'tabbar', id, label: `${id}:hello`, icon: 'home', to: `/${id}` }] });

  it('loads only the current language of the kernel and of each first-screen plugin, and the other one on a switch', async () => {
    const kernel = counted();
    const plugin = counted();
    const i18n = createI18n('zh-Hans', kernel.sources);
    const locale = createLocale(i18n, createStorage({ area: localStorage }));
    void addPluginNamespace(i18n, tabbed('shop', plugin.sources));
    await locale.ready();
    expect([kernel.loads, plugin.loads]).toEqual([['zh-Hans'], ['zh-Hans']]);
    expect(i18n.t('shop:hello')).toBe('你好');
    expect(i18n.hasResourceBundle('en', 'shop')).toBe(false);

    await locale.setLanguage('en');
    expect([kernel.loads, plugin.loads]).toEqual([['zh-Hans', 'en'], ['zh-Hans', 'en']]);
    expect(i18n.t('shop:hello')).toBe('Hello');
    await locale.setLanguage('zh-Hans');
    expect(plugin.loads).toHaveLength(2);
  });

  it('leaves the strings of a plugin the first screen does not show until something asks for them, then downloads them once', async () => {
    const later = counted();
    const i18n = createI18n('zh-Hans', counted().sources);
    const locale = createLocale(i18n, createStorage({ area: localStorage }));
    void addPluginNamespace(i18n, inlinePlugin({ id: 'orders', version: '1.0.0', i18n: later.sources, menu: [{ slot: 'member.orders', id: 'all', label: 'orders:hello', icon: 'order', to: '/o' }] }));
    await locale.ready();
    expect(later.loads).toEqual([]);
    await locale.setLanguage('en');
    expect(later.loads).toEqual([]);

    await Promise.all([locale.ensure(['orders']), locale.ensure(['orders'])]);
    expect(later.loads).toEqual(['en']);
    expect(i18n.t('orders:hello')).toBe('Hello');
    // Asked for once, it now follows the language.
    await locale.setLanguage('zh-Hans');
    expect(later.loads).toEqual(['en', 'zh-Hans']);
  });

  it('counts tabs, home slots, home contributions and the home route as the first screen', () => {
    const plain = { id: 'p', version: '1.0.0', i18n: {} as InlinePlugin['i18n'] };
    expect(atBoot(inlinePlugin({ ...plain, menu: [{ slot: 'home.grid', id: 'a', label: 'p:a', icon: 'x', to: '/a' }] }))).toBe(true);
    expect(atBoot(inlinePlugin({ ...plain, contributes: [{ point: 'home.sections', value: null }] }))).toBe(true);
    expect(atBoot(inlinePlugin({ ...plain, routes: [{ path: '/', page: async () => ({ default: () => null }), navBar: 'custom', title: 'p:t' }] }))).toBe(true);
    expect(atBoot(inlinePlugin({ ...plain, menu: [{ slot: 'member.services', id: 'a', label: 'p:a', icon: 'x', to: '/a' }] }))).toBe(false);
  });

  it('draws a tab whose label came with index.html without downloading its plugin\'s strings, which still download in full when asked', async () => {
    const plugin = counted();
    const i18n = createI18n('zh-Hans', counted().sources);
    const locale = createLocale(i18n, createStorage({ area: localStorage }));
    addLabels(i18n, { 'zh-Hans': { 'shop:tab.name': '商店' }, en: { 'shop:tab.name': 'Shop' } });
    const shop = inlinePlugin({ id: 'shop', version: '1.0.0', i18n: plugin.sources, menu: [{ slot: 'tabbar', id: 'shop', label: 'shop:tab.name', icon: 'home', to: '/shop' }] });
    expect(stringsAtBoot(splitPlugin(shop).descriptor, (label) => hasString(i18n, label, 'zh-Hans'))).toBe(false);
    void addNamespace(i18n, 'shop', plugin.sources, 'zh-Hans', false);
    await locale.ready();
    expect(plugin.loads).toEqual([]);
    expect(i18n.t('shop:tab.name')).toBe('商店');
    await locale.setLanguage('en');
    expect(i18n.t('shop:tab.name')).toBe('Shop');
    expect(plugin.loads).toEqual([]);

    await locale.ensure(['shop']);
    expect(plugin.loads).toEqual(['en']);
    expect(i18n.t('shop:hello')).toBe('Hello');
    expect(i18n.t('shop:tab.name')).toBe('Shop');
  });

  it('still counts a tab whose label did not come with index.html as the first screen', () => {
    const i18n = createI18n('zh-Hans', counted().sources);
    const shop = tabbed('shop', counted().sources);
    expect(stringsAtBoot(splitPlugin(shop).descriptor, (label) => hasString(i18n, label, 'zh-Hans'))).toBe(true);
  });

  it('a failed download shows keys and is not waited on again', async () => {
    const i18n = createI18n('zh-Hans', counted().sources);
    let attempts = 0;
    const failing = { en: async () => ({ default: { hello: 'Hello' } }), 'zh-Hans': async () => { attempts += 1; throw new Error('offline'); } };
    void addPluginNamespace(i18n, inlinePlugin({ id: 'flaky', version: '1.0.0', i18n: failing }));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await ensureNamespaces(i18n, ['flaky'], 'zh-Hans');
    const load = namespaceLoad(i18n, 'flaky', 'zh-Hans');
    expect(load && isSettled(load)).toBe(true);
    expect(attempts).toBe(1);
    expect(i18n.t('flaky:hello')).toBe('hello');
    errors.mockRestore();
  });

  it('ships the kernel strings and every plugin\'s strings as loaders of the JSON files beside them', async () => {
    const files = import.meta.glob<Resources>(['../../plugins/*/i18n/*.json', '../core/i18n/*.json'], { eager: true, import: 'default' });
    const namespaces = [
      { dir: '../core/i18n', sources: KERNEL_STRINGS, expected: (strings: Resources) => strings },
      ...Object.entries(discoverSources()).map(([id, p]) => ({ dir: `../../plugins/${id}/i18n`, sources: p.i18n as InlinePlugin['i18n'], expected: (strings: Resources) => strings })),
    ];
    expect(namespaces.length).toBeGreaterThan(1);
    for (const { dir, sources, expected } of namespaces) {
      for (const language of ['en', 'zh-Hans'] as const) {
        const source = sources[language];
        expect(typeof source).toBe('function');
        const loaded = typeof source === 'function' ? (await source()).default : source;
        expect(loaded).toEqual(expected(files[`${dir}/${language}.json`]));
      }
    }
  });

  it("ships none of the kernel's server-only strings, and no browser code reads them", async () => {
    const serverOnly = (await import('../core/i18n/server/zh-Hans.json')).default as Record<string, Record<string, string>>;
    const keys = Object.entries(serverOnly).flatMap(([section, strings]) => Object.keys(strings).map((key) => `${section}.${key}`));
    expect(keys.length).toBeGreaterThan(10);
    const loaded = (await (KERNEL_STRINGS['zh-Hans'] as () => Promise<{ default: Resources }>)()).default as Record<string, Record<string, string> | undefined>;
    // Shipped or not, never both: the server's copy merges them over the shared file.
    for (const key of keys) expect(loaded[key.split('.')[0]]?.[key.split('.')[1]], key).toBeUndefined();
    // No client module asks for them: refusals arrive worded by the server.
    const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}', '../../plugins/*/{index.ts,pages,components,sections}/**/*.{ts,tsx}', '../../plugins/*/{index,store,public-client}*.ts', '../../app/**/*.{ts,tsx}'], { eager: true, query: '?raw', import: 'default' });
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    for (const [path, text] of Object.entries(sources)) {
      for (const key of keys) {
        const read = new RegExp(`(kernel:|['\`])${key.replace('.', '\\.')}\\b`).test(text);
        expect(read, `${path} reads kernel:${key}`).toBe(false);
      }
    }
  });
});

describe('relative time (spec §9)', () => {
  beforeAll(() => createTestKernel().locale.loadTimeFormats());

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
    await kernel.locale.loadTimeFormats();
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
