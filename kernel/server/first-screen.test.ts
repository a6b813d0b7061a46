import { describe, expect, it } from 'vitest';
import type { PluginDescriptor } from '../core/descriptor';
import { firstScreenLabels, type LookUpString } from './first-screen';
import type { PluginRegistry } from './registry';
import type { LoadedSite } from './site-config';

const menu = (slot: string, label: string) => ({ slot, id: label, label, icon: 'home', to: '/x' });
const descriptors: PluginDescriptor[] = [
  { id: 'cart', version: '1.0.0', menu: [menu('tabbar', 'cart:tab'), menu('goods.icons', 'cart:icon')] },
  { id: 'coupon', version: '1.0.0', menu: [menu('home.grid', 'coupon:grid'), menu('member.services', 'coupon:mine')] },
  { id: 'lottery', version: '1.0.0', menu: [menu('home.grid', 'lottery:grid')] },
  { id: 'deals', version: '1.0.0', bootStrings: ['deals:section.title', 'deals:item.left'] },
];
const registry = { get: (id: string) => ({ descriptor: descriptors.find((d) => d.id === id) }) } as unknown as PluginRegistry;
const site = (enabled: string[]) => ({ enabled }) as unknown as LoadedSite;
const STRINGS: Record<string, Record<string, string>> = {
  'zh-Hans': { 'cart:tab': '购物车', 'coupon:grid': '领券', 'lottery:grid': '抽奖', 'cart:icon': '图标', 'coupon:mine': '我的券' },
  en: { 'cart:tab': 'Cart', 'coupon:grid': 'Coupons', 'deals:section.title': 'Deals', 'deals:item.left_one': '{{count}} left', 'deals:item.left_other': '{{count}} left', 'deals:item.other': 'x' },
};
const lookUp: LookUpString = (lang, key) => STRINGS[lang][key];

describe('first-screen labels', () => {
  it('gives the tab bar and home menu labels of enabled plugins in both languages, and no other slot', () => {
    expect(firstScreenLabels(site(['cart', 'coupon']), registry, lookUp)).toEqual({
      'zh-Hans': { 'cart:tab': '购物车', 'coupon:grid': '领券' },
      en: { 'cart:tab': 'Cart', 'coupon:grid': 'Coupons' },
    });
  });

  it('leaves out disabled plugins, and a label a language lacks (the browser downloads that one)', () => {
    expect(firstScreenLabels(site(['lottery']), registry, lookUp)).toEqual({ 'zh-Hans': { 'lottery:grid': '抽奖' } });
  });

  it("adds the strings a plugin's first-screen parts list (bootStrings), with their plural forms, and none it does not list", () => {
    expect(firstScreenLabels(site(['deals']), registry, lookUp)).toEqual({
      en: { 'deals:section.title': 'Deals', 'deals:item.left_one': '{{count}} left', 'deals:item.left_other': '{{count}} left' },
    });
  });
});
