import { describe, expect, it } from 'vitest';
import { describePlugin, descriptorNode, descriptorProblems } from './descriptor';
import { createExtensionPoint } from './extension';

const entry = { slot: 'home.grid', id: 'daily', label: 'daily:menu', icon: 'check', to: '/daily/index' };
const plugin = (menu: unknown[]) => ({ id: 'daily', version: '1.0.0', menu });

describe('descriptorProblems: menu entries', () => {
  it("takes a `siteFlag` naming one of the site config's switches", () => {
    expect(descriptorProblems(plugin([{ ...entry, siteFlag: 'signIn' }, { ...entry, id: 'shop', siteFlag: 'retail' }]), 'daily')).toEqual([]);
  });

  it('refuses a `siteFlag` that is no switch of the site config, naming the entry and the switches', () => {
    expect(descriptorProblems(plugin([entry, { ...entry, siteFlag: 'signin' }, { ...entry, siteFlag: 'siteName' }]), 'daily')).toEqual([
      'plugins/daily/plugin.ts: menu[1].siteFlag must be a switch of the site config (regNeedCode, retail, signIn, forceLogin), got "signin"',
      'plugins/daily/plugin.ts: menu[2].siteFlag must be a switch of the site config (regNeedCode, retail, signIn, forceLogin), got "siteName"',
    ]);
  });

  it('takes a `badgeFrom` list of slot names, and refuses anything else, naming the entry', () => {
    expect(descriptorProblems(plugin([{ ...entry, badgeFrom: ['member.services'] }]), 'daily')).toEqual([]);
    expect(descriptorProblems(plugin([entry, { ...entry, badgeFrom: 'member.services' }, { ...entry, badgeFrom: [3] }]), 'daily')).toEqual([
      'plugins/daily/plugin.ts: menu[1].badgeFrom must be a list of slot names',
      'plugins/daily/plugin.ts: menu[2].badgeFrom must be a list of slot names',
    ]);
  });
});

describe('describePlugin: extension points as values', () => {
  const giftWraps = createExtensionPoint<{ id: string }>('gift.wraps');
  const goodsActions = createExtensionPoint<{ id: string }>('goods.actions');

  it('takes the points offered and filled as values and keeps their ids, so the graph check and the browser get plain data', () => {
    const descriptor = describePlugin({ id: 'gift', version: '1.0.0', requires: ['goods'], offers: [giftWraps], fills: [goodsActions] });
    expect(descriptor.offers).toEqual(['gift.wraps']);
    expect(descriptor.fills).toEqual(['goods.actions']);
    expect(JSON.parse(JSON.stringify(descriptor))).toEqual(descriptor);
    expect(descriptorNode(descriptor)).toMatchObject({ offers: ['gift.wraps'], fills: ['goods.actions'] });
    expect(descriptorProblems(descriptor, 'gift')).toEqual([]);
  });

  it('leaves out what the source leaves out', () => {
    expect(Object.keys(describePlugin({ id: 'plain', version: '1.0.0' }))).toEqual(['id', 'version']);
  });

  it('refuses ids spelled as strings where the values belong, naming the field', () => {
    // What `describePlugin` makes of strings slipped past the types: no ids.
    const slipped = describePlugin({ id: 'gift', version: '1.0.0', fills: ['goods.actions'] as never });
    expect(descriptorProblems(slipped, 'gift')).toEqual(['plugins/gift/plugin.ts: `fills` must list extension point values (`fills: [goodsActions]`), given to `describePlugin`']);
  });
});
