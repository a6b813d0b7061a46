import { describe, expect, it } from 'vitest';
import { fullAddress, isContactName, isMobile, isStreet } from './rules';

describe('address rules', () => {
  it('takes a contact of 1–20 characters, counting as a person does', () => {
    expect(isContactName('张')).toBe(true);
    expect(isContactName('  张三  ')).toBe(true);
    expect(isContactName('   ')).toBe(false);
    expect(isContactName('名'.repeat(20))).toBe(true);
    expect(isContactName('名'.repeat(21))).toBe(false);
    expect(isContactName('😀'.repeat(20))).toBe(true);
  });

  it('takes an 11-digit mainland mobile', () => {
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile(' 13800138000 ')).toBe(true);
    expect(isMobile('12800138000')).toBe(false);
    expect(isMobile('1380013800')).toBe(false);
  });

  it('takes a street of 2–120 characters', () => {
    expect(isStreet('1号')).toBe(true);
    expect(isStreet(' 号 ')).toBe(false);
    expect(isStreet('路'.repeat(120))).toBe(true);
    expect(isStreet('路'.repeat(121))).toBe(false);
  });

  it('writes the address on one line, leaving out placeholder city levels', () => {
    expect(fullAddress({ province: '广东省', city: '深圳市', district: '南山区', detail: '科技园路1号' })).toBe('广东省深圳市南山区 科技园路1号');
    expect(fullAddress({ province: '北京市', city: '市辖区', district: '东城区', detail: '东四大街2号' })).toBe('北京市东城区 东四大街2号');
    expect(fullAddress({ province: '湖北省', city: '省直辖县级行政区划', district: '仙桃市', detail: '仙桃大道3号' })).toBe('湖北省仙桃市 仙桃大道3号');
  });
});
