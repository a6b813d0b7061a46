import { describe, expect, it } from 'vitest';
import { descriptorProblems, type PluginDescriptor } from '@kernel/core/descriptor';
import { discoverSources } from './discover';

/**
 * Every plugin's descriptor agrees with its browser parts: each route's page file exists, each
 * entry marked `badge` gets one from the code (and no other), and the code fills only the
 * extension points the descriptor names under `fills` (what the graph check reads).
 */
const descriptors = import.meta.glob<PluginDescriptor>('../plugins/*/plugin.ts', { eager: true, import: 'default' });
const sources = discoverSources();
const strings = import.meta.glob<Record<string, unknown>>('../plugins/*/i18n/*.json', { eager: true, import: 'default' });

/** The string at `namespace:a.b` in `language`, or the plural forms i18next picks from (`a.b_one`, `a.b_other`). */
function stringsOf(key: string, language: string): unknown[] {
  const [namespace, path] = key.split(':');
  const parts = path.split('.');
  let node: unknown = strings[`../plugins/${namespace}/i18n/${language}.json`];
  for (const part of parts.slice(0, -1)) node = (node as Record<string, unknown> | undefined)?.[part];
  const last = parts[parts.length - 1];
  const section = (node ?? {}) as Record<string, unknown>;
  return Object.keys(section).filter((k) => k === last || k.startsWith(`${last}_`)).map((k) => section[k]);
}

describe.each(Object.entries(descriptors).map(([file, d]) => [d.id, file, d] as const))('plugin %s', (id, file, descriptor) => {
  it('has a valid descriptor named after its folder', () => {
    expect(descriptorProblems(descriptor, file.split('/')[2])).toEqual([]);
  });

  it('has a page file for every route and strings in both languages', () => {
    for (const route of descriptor.routes ?? []) expect(sources[id]?.pages[route.page], `${id}: pages/${route.page}.page.tsx`).toBeTypeOf('function');
    if ((descriptor.routes ?? []).length + (descriptor.menu ?? []).length > 0) expect(Object.keys(sources[id]?.i18n ?? {}).sort()).toEqual(['en', 'zh-Hans']);
  });

  it('has every string its first-screen parts list (bootStrings) in both languages', () => {
    for (const key of descriptor.bootStrings ?? []) {
      for (const language of ['zh-Hans', 'en']) expect(stringsOf(key, language).filter((s) => typeof s === 'string' && s !== ''), `${key} (${language})`).not.toEqual([]);
    }
  });

  it('gives a badge to exactly the entries marked so, and fills only the points it names', async () => {
    const module = sources[id]?.code ? (await sources[id].code!()).default : {};
    const badged = new Set((descriptor.menu ?? []).filter((m) => m.badge).map((m) => m.id));
    expect(new Set(Object.keys(module.badges ?? {}))).toEqual(badged);
    expect([...new Set((module.contributes ?? []).map((c) => c.point))].sort()).toEqual([...(descriptor.fills ?? [])].filter((p) => (module.contributes ?? []).some((c) => c.point === p)).sort());
    for (const point of new Set((module.contributes ?? []).map((c) => c.point))) expect(descriptor.fills ?? []).toContain(point);
  });
});
