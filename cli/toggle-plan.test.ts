import { describe, expect, it } from 'vitest';
import { planToggle, type ToggleNode } from './toggle-plan';

const nodes: ToggleNode[] = [
  { id: 'home', requires: [], core: true },
  { id: 'goods', requires: [] },
  { id: 'cart', requires: ['goods'] },
  { id: 'order', requires: ['cart', 'goods'] },
  { id: 'seckill', requires: ['order'] },
  { id: 'ghost', requires: ['nowhere'] },
];
const site = { site: 'default', cascade: false };
const on = (...ids: string[]) => new Set(ids);

describe('planning a plugin toggle', () => {
  it('enables a plugin whose requirements are on', () => {
    expect(planToggle(nodes, on('goods'), 'cart', true, site)).toEqual({ changes: [{ id: 'cart', enabled: true }], problems: [] });
  });

  it('refuses to enable a plugin whose requirement is off, naming plugin, requirement and site', () => {
    const plan = planToggle(nodes, on(), 'seckill', true, site);
    expect(plan.changes).toEqual([]);
    expect(plan.problems).toEqual([
      'plugin `seckill` requires `order`, which is disabled in site `default`; enable it first, or pass --cascade (also enables `goods`, `cart`, `order`)',
    ]);
  });

  it('with --cascade enables the requirements too, each after what it needs', () => {
    const plan = planToggle(nodes, on(), 'seckill', true, { ...site, cascade: true });
    expect(plan.problems).toEqual([]);
    expect(plan.changes.map((c) => c.id)).toEqual(['seckill', 'goods', 'cart', 'order']);
  });

  it('refuses to enable a plugin whose requirement is not installed, even with --cascade', () => {
    expect(planToggle(nodes, on(), 'ghost', true, { ...site, cascade: true }).problems).toEqual([
      'plugin `ghost` requires `nowhere`, which is not installed',
    ]);
  });

  it('refuses to disable a plugin others need, naming them', () => {
    const plan = planToggle(nodes, on('goods', 'cart', 'order'), 'goods', false, site);
    expect(plan.changes).toEqual([]);
    expect(plan.problems).toEqual([
      'plugin `goods` is required by `cart`, `order`, which are enabled in site `default`; disable them first, or pass --cascade (also disables `cart`, `order`)',
    ]);
  });

  it('with --cascade disables every plugin that needs it, directly or not', () => {
    const plan = planToggle(nodes, on('goods', 'cart', 'order', 'seckill'), 'goods', false, { ...site, cascade: true });
    expect(plan.changes).toEqual([
      { id: 'goods', enabled: false },
      { id: 'cart', enabled: false },
      { id: 'order', enabled: false },
      { id: 'seckill', enabled: false },
    ]);
  });

  it('disables freely when no enabled plugin needs it', () => {
    expect(planToggle(nodes, on('goods', 'cart'), 'cart', false, site).changes).toEqual([{ id: 'cart', enabled: false }]);
  });

  it('never disables a core plugin', () => {
    expect(planToggle(nodes, on(), 'home', false, { ...site, cascade: true }).problems).toEqual([
      'plugin `home` is part of the shell and cannot be disabled',
    ]);
  });

  it('changes nothing when the plugin is already so', () => {
    expect(planToggle(nodes, on('goods'), 'goods', true, site)).toEqual({ changes: [], problems: [] });
  });

  it('names the installed plugins when the id is unknown', () => {
    expect(planToggle(nodes, on(), 'wishlist', true, site).problems[0]).toBe(
      'plugin `wishlist` is not installed; installed: `home`, `goods`, `cart`, `order`, `seckill`, `ghost`',
    );
  });
});
