import { describe, expect, it } from 'vitest';
import { pluginsToSwitchOff, type SubsetNode } from './site-subset';

const node = (id: string, requires: string[] = [], core = false): SubsetNode => ({ id, version: '1.0.0', requires, core });
const plugins = [
  node('auth', [], true),
  node('home', [], true),
  node('goods', ['home']),
  node('member', ['auth']),
  node('cart', ['auth', 'goods']),
  node('address', ['auth', 'goods']),
  node('order', ['auth', 'goods', 'cart', 'address']),
  node('security', ['auth', 'member']),
];
const all = plugins.map((p) => p.id);
const keep = ['home', 'goods', 'auth', 'member'];

describe('switching a site down to a few plugins', () => {
  it('switches off every other plugin, dependants before what they require', () => {
    const off = pluginsToSwitchOff(plugins, all, keep);
    expect([...off].sort()).toEqual(['address', 'cart', 'order', 'security']);
    expect(off.indexOf('order')).toBeLessThan(off.indexOf('cart'));
    expect(off.indexOf('order')).toBeLessThan(off.indexOf('address'));
  });

  it('keeps core plugins on even when they are not asked for', () => {
    expect(pluginsToSwitchOff(plugins, all, ['goods', 'member'])).not.toContain('auth');
  });

  it('leaves plugins that are already off out', () => {
    expect(pluginsToSwitchOff(plugins, all.filter((id) => id !== 'security'), keep)).not.toContain('security');
  });

  it('refuses a kept set that needs a plugin it leaves out, naming every party', () => {
    expect(() => pluginsToSwitchOff(plugins, all, ['order', 'goods'])).toThrow(
      /plugin `order` requires `cart`, which would be switched off\n\s+plugin `order` requires `address`, which would be switched off/,
    );
    expect(() => pluginsToSwitchOff(plugins, all, ['wishlist'])).toThrow('cannot keep `wishlist`: not installed');
  });
});
