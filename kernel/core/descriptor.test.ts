import { describe, expect, it } from 'vitest';
import { descriptorProblems } from './descriptor';

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
});
