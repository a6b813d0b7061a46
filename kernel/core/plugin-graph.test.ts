import { describe, expect, it } from 'vitest';
import { checkPlugins, type PluginNode } from './plugin-graph';

const node = (id: string, requires: string[] = [], extra: Partial<PluginNode> = {}): PluginNode => ({
  id,
  version: '1.0.0',
  requires,
  ...extra,
});
const site = (plugins: Record<string, boolean>, settings: Record<string, Record<string, unknown>> = {}) => ({
  name: 'default',
  plugins: Object.fromEntries(Object.entries(plugins).map(([id, enabled]) => [id, { enabled, settings: settings[id] }])),
});

describe('plugin dependency check', () => {
  it('orders plugins by dependency, not by name or discovery', () => {
    const report = checkPlugins([node('seckill', ['order']), node('order', ['cart']), node('cart', ['goods']), node('goods')]);
    expect(report.problems).toEqual([]);
    expect(report.order).toEqual(['goods', 'cart', 'order', 'seckill']);
  });

  it('names plugin and site when a requirement is disabled', () => {
    const report = checkPlugins([node('order'), node('seckill', ['order'])], site({ order: false, seckill: true }));
    expect(report.problems.map((p) => p.message)).toEqual([
      'plugin `seckill` requires `order`, which is disabled in site `default`',
    ]);
    expect(report.enabled).toEqual(['seckill']);
  });

  it('reports every problem at once', () => {
    const report = checkPlugins(
      [
        node('a', ['b']),
        node('b', ['a']),
        node('c', ['ghost'], { paths: ['/x'] }),
        node('d', [], { paths: ['/X'], settingKeys: ['pageSize'] }),
        node('d'),
        node('self', ['self']),
      ],
      site({ a: true, b: true, c: true, d: true, self: true, nobody: true }, { d: { pageSize: 5, colour: 'red' } }),
    );
    const codes = report.problems.map((p) => p.code).sort();
    expect(codes).toEqual([
      'cycle',
      'cycle',
      'duplicate-id',
      'missing-dependency',
      'path-collision',
      'unknown-plugin',
      'unknown-setting',
    ]);
    const text = report.problems.map((p) => p.message).join('\n');
    expect(text).toContain('`a` → `b` → `a`');
    expect(text).toContain('plugin `c` requires `ghost`, which is not installed');
    expect(text).toContain('site `default` configures plugin `nobody`, which is not installed');
    expect(text).toContain('site `default` sets `d.colour`, which plugin `d` does not know');
    expect(text).toContain('plugin `d` claims path "/X", which plugin `c` already claims');
  });

  it('ignores path collisions with disabled plugins and refuses to disable a core plugin', () => {
    const report = checkPlugins(
      [node('home', [], { core: true, paths: ['/p'] }), node('other', [], { paths: ['/p'] })],
      site({ home: false, other: false }),
    );
    expect(report.problems.map((p) => p.code)).toEqual(['core-disabled']);
    expect(report.enabled).toEqual(['home']);
  });

  it('refuses a plugin that fills an extension point without requiring the plugin that offers it', () => {
    const report = checkPlugins([
      node('goods', [], { offers: ['goods.actions'] }),
      node('cart', ['goods'], { fills: ['goods.actions'] }),
      node('wish', [], { fills: ['goods.actions'] }),
      node('gift', [], { fills: ['gift.wrap'] }),
    ]);
    expect(report.problems).toEqual([
      {
        code: 'undeclared-extension',
        plugin: 'wish',
        message: 'plugin `wish` fills extension point "goods.actions" of plugin `goods` without requiring it: add `goods` to its `requires`',
      },
      { code: 'unknown-extension-point', plugin: 'gift', message: 'plugin `gift` fills extension point "gift.wrap", which no installed plugin offers' },
    ]);
  });

  it('refuses a plugin whose code contributes to a point its descriptor neither offers nor fills', () => {
    const report = checkPlugins([
      node('goods', [], { offers: ['goods.actions'], contributes: ['goods.actions'] }),
      node('cart', ['goods'], { fills: ['goods.actions'], contributes: ['goods.actions', 'goods.actions'] }),
      node('wish', ['goods'], { contributes: ['goods.actions'] }),
    ]);
    expect(report.problems).toEqual([
      {
        code: 'undeclared-extension',
        plugin: 'wish',
        message: 'plugin `wish` contributes to extension point "goods.actions" without listing it: add the point to its `fills`',
      },
    ]);
  });

  it("refuses a plugin that subscribes to another plugin's event without requiring it, once per event", () => {
    const report = checkPlugins([
      node('order', [], { subscribes: ['order.paid'] }),
      node('commission', ['order'], { subscribes: ['order.paid', 'order.refunded'] }),
      node('tally', [], { subscribes: ['order.paid', 'order.paid'] }),
    ]);
    expect(report.problems).toEqual([
      {
        code: 'undeclared-event',
        plugin: 'tally',
        message: 'plugin `tally` subscribes to event "order.paid" of plugin `order` without requiring it: add `order` to its `requires`',
      },
    ]);
  });

  it('lets one plugin only offer a given extension point', () => {
    const report = checkPlugins([node('a', [], { offers: ['x.y'] }), node('b', [], { offers: ['x.y'] })]);
    expect(report.problems.map((p) => p.message)).toEqual(['plugin `b` offers extension point "x.y", which plugin `a` already offers']);
  });
});
