import { describe, expect, it } from 'vitest';
import type { AreaNode } from '@plugins/goods/contract';
import { choicesAt, resolveArea, walkArea } from './area-chain';

const tree: AreaNode[] = [
  { code: '44', name: '广东省', children: [{ code: '4403', name: '深圳市', children: [{ code: '440305', name: '南山区' }, { code: '440304', name: '福田区' }] }] },
  { code: '11', name: '北京市', children: [{ code: '1101', name: '市辖区', children: [{ code: '110101', name: '东城区' }] }] },
];
const codes = (province_code: string, city_code: string, district_code: string) => ({ province_code, city_code, district_code });

describe('resolveArea', () => {
  it('names a real province → city → district chain', () => {
    expect(resolveArea(tree, codes('44', '4403', '440305'))).toEqual({ province: '广东省', city: '深圳市', district: '南山区' });
  });

  it('names nothing when a code is unknown', () => {
    expect(resolveArea(tree, codes('99', '4403', '440305'))).toBeNull();
    expect(resolveArea(tree, codes('44', '4499', '440305'))).toBeNull();
    expect(resolveArea(tree, codes('44', '4403', '440399'))).toBeNull();
  });

  it('names nothing when real codes belong to different parents', () => {
    expect(resolveArea(tree, codes('11', '4403', '440305'))).toBeNull();
    expect(resolveArea(tree, codes('44', '4403', '110101'))).toBeNull();
    expect(resolveArea(tree, codes('44', '440305', '4403'))).toBeNull();
  });
});

describe('walking the tree for the picker', () => {
  it('follows the chosen codes as far as they go', () => {
    expect(walkArea(tree, ['44', '4403', '440305']).map((n) => n.name)).toEqual(['广东省', '深圳市', '南山区']);
    expect(walkArea(tree, ['44', '1101']).map((n) => n.name)).toEqual(['广东省']);
    expect(walkArea(tree, [])).toEqual([]);
  });

  it('offers provinces, then the chosen province’s cities, then the chosen city’s districts', () => {
    expect(choicesAt(tree, [], 0).map((n) => n.code)).toEqual(['44', '11']);
    expect(choicesAt(tree, ['44'], 1).map((n) => n.code)).toEqual(['4403']);
    expect(choicesAt(tree, ['44', '4403'], 2).map((n) => n.code)).toEqual(['440305', '440304']);
    expect(choicesAt(tree, ['12'], 1)).toEqual([]);
  });
});
