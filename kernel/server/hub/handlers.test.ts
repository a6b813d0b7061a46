import { describe, expect, it } from 'vitest';
import { fakeProject } from '../fake-project';
import type { ServerPlugin } from '../plugin';
import { createRegistry } from '../registry';
import { createTestServer } from '../testing';

const plugin = (id: string, socket: unknown, requires: string[] = []): ServerPlugin =>
  ({ id, version: '1.0.0', requires, socket }) as ServerPlugin;
const noop = () => undefined;

describe('socket message types belong to one plugin each', () => {
  it('routes each type to the plugin that handles it', () => {
    const registry = createRegistry([plugin('chat', { single: noop, read_msg: noop }), plugin('seckill', {})]);
    expect(registry.problems).toEqual([]);
    expect([...registry.socketRoutes].map(([type, route]) => [type, route.plugin])).toEqual([
      ['single', 'chat'],
      ['read_msg', 'chat'],
    ]);
  });

  it('reports a type two plugins claim, naming both, whatever the site enables', () => {
    const registry = createRegistry([plugin('chat', { single: noop }), plugin('echo', { single: noop })]);
    expect(registry.problems).toContainEqual({
      code: 'path-collision',
      plugin: 'echo',
      message: 'plugin `echo` handles socket message type "single", which plugin `chat` already handles',
    });
    expect(registry.check({ name: 'default', plugins: { chat: { enabled: true }, echo: { enabled: false } } }).problems).toHaveLength(1);
  });

  it("reports a plugin claiming one of the hub's own types, and a handler that is not a function", () => {
    const registry = createRegistry([plugin('odd', { ping: noop, single: 'yes' }), plugin('worse', [noop])]);
    expect(registry.problems.map((p) => p.message)).toEqual([
      'plugin `odd` handles socket message type "ping", which the kernel\'s hub answers itself',
      'plugin `odd`: socket message type "single" must be handled by a function',
      'plugin `worse`: `socket` must map message types to handler functions',
    ]);
  });

  it('refuses to start a site whose plugins claim the same type', async () => {
    const claim = `
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
export default defineServerPlugin(descriptor, { socket: { single: () => undefined } });
`;
    const project = fakeProject({
      chat: { descriptor: { id: 'chat', version: '1.0.0' }, server: claim },
      echo: { descriptor: { id: 'echo', version: '1.0.0' }, server: claim },
    });
    try {
      await expect(createTestServer({ root: project.root })).rejects.toThrow(
        'plugin `echo` handles socket message type "single", which plugin `chat` already handles',
      );
    } finally {
      project.remove();
    }
  });
});
