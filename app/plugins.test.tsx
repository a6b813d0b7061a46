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

describe.each(Object.entries(descriptors).map(([file, d]) => [d.id, file, d] as const))('plugin %s', (id, file, descriptor) => {
  it('has a valid descriptor named after its folder', () => {
    expect(descriptorProblems(descriptor, file.split('/')[2])).toEqual([]);
  });

  it('has a page file for every route and strings in both languages', () => {
    for (const route of descriptor.routes ?? []) expect(sources[id]?.pages[route.page], `${id}: pages/${route.page}.page.tsx`).toBeTypeOf('function');
    if ((descriptor.routes ?? []).length + (descriptor.menu ?? []).length > 0) expect(Object.keys(sources[id]?.i18n ?? {}).sort()).toEqual(['en', 'zh-Hans']);
  });

  it('gives a badge to exactly the entries marked so, and fills only the points it names', async () => {
    const module = sources[id]?.code ? (await sources[id].code!()).default : {};
    const badged = new Set((descriptor.menu ?? []).filter((m) => m.badge).map((m) => m.id));
    expect(new Set(Object.keys(module.badges ?? {}))).toEqual(badged);
    expect([...new Set((module.contributes ?? []).map((c) => c.point))].sort()).toEqual([...(descriptor.fills ?? [])].filter((p) => (module.contributes ?? []).some((c) => c.point === p)).sort());
    for (const point of new Set((module.contributes ?? []).map((c) => c.point))) expect(descriptor.fills ?? []).toContain(point);
  });
});
