import { describe, expect, it } from 'vitest';
import { addressProblems, type AddressFormValues } from './form-check';

const filled: AddressFormValues = {
  name: '张三',
  mobile: '13800138000',
  area: '广东省 深圳市 南山区',
  province_code: '44',
  city_code: '4403',
  district_code: '440305',
  detail: '科技园路1号',
  is_default: '0',
};

describe('address form check', () => {
  it('passes a filled form', () => {
    expect(addressProblems(filled)).toEqual([]);
  });

  it('names every problem at once, in page order', () => {
    expect(addressProblems({ ...filled, name: ' ', mobile: '1', detail: '' })).toEqual([
      { field: 'name', key: 'address:validation.name' },
      { field: 'mobile', key: 'kernel:validation.phone' },
      { field: 'detail', key: 'address:validation.detail' },
    ]);
    expect(addressProblems({ ...filled, area: '', province_code: '', city_code: '', district_code: '' })).toEqual([{ field: 'area', key: 'address:validation.area' }]);
    expect(addressProblems({ ...filled, detail: '号' })).toEqual([{ field: 'detail', key: 'address:validation.detail' }]);
  });
});
