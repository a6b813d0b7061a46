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

  it('takes a `badgeFrom` list of slot names, and refuses anything else, naming the entry', () => {
    expect(descriptorProblems(plugin([{ ...entry, badgeFrom: ['member.services'] }]), 'daily')).toEqual([]);
    expect(descriptorProblems(plugin([entry, { ...entry, badgeFrom: 'member.services' }, { ...entry, badgeFrom: [3] }]), 'daily')).toEqual([
      'plugins/daily/plugin.ts: menu[1].badgeFrom must be a list of slot names',
      'plugins/daily/plugin.ts: menu[2].badgeFrom must be a list of slot names',
    ]);
  });
});
