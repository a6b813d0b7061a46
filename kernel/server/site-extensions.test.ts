import { describe, expect, it } from 'vitest';
import { contribute, createExtensionPoint } from '../core/extension';
import type { ServerPlugin } from './plugin';
import { siteExtensions } from './site-extensions';

const greetings = createExtensionPoint<string>('test.greetings');
const colours = createExtensionPoint<string>('test.colours');
const plugin = (id: string, ...contributes: ReturnType<typeof contribute>[]): ServerPlugin => ({ id, version: '1.0.0', contributes: contributes.flat() }) as ServerPlugin;

describe('siteExtensions', () => {
  const plugins = [plugin('a', contribute(greetings, 'hello'), contribute(colours, 'red')), plugin('b', contribute(greetings, 'hi', 'hey'))];

  it("gives the enabled plugins' values in load order, and follows a toggle from the next call", () => {
    const site = { enabled: new Set(['a', 'b']), version: 1, isEnabled: (id: string) => site.enabled.has(id) };
    const extensions = siteExtensions(plugins, site);
    expect(extensions(greetings)).toEqual(['hello', 'hi', 'hey']);
    expect(extensions(colours)).toEqual(['red']);
    expect(extensions(greetings)).toBe(extensions(greetings));

    site.enabled.delete('a');
    site.version = 2;
    expect(extensions(greetings)).toEqual(['hi', 'hey']);
    expect(extensions(colours)).toEqual([]);
  });

  it('shares frozen arrays, so no caller can change what the next one gets', () => {
    const extensions = siteExtensions(plugins, { version: 1, isEnabled: () => true });
    expect(() => (extensions(greetings) as string[]).push('bye')).toThrow(TypeError);
    expect(extensions(greetings)).toEqual(['hello', 'hi', 'hey']);
  });
});
