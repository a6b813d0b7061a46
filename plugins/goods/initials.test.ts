import { describe, expect, it } from 'vitest';
import { initialOf } from './initials';

describe('the initial a category or brand is filed under', () => {
  it('is the first letter of the pinyin of a Chinese name', () => {
    expect(['数码', '手机', '华为', '小米', '极光', '耳机', '服饰', '阿迪', '宝洁', '茶叶', '大疆', '女装', '欧莱雅', '苹果', '轻奢', '日用', '天猫', '网易', '运动', '珍珠', '咖啡', '零食', '美妆', '二手']
      .map(initialOf)).toEqual(['S', 'S', 'H', 'X', 'J', 'E', 'F', 'A', 'B', 'C', 'D', 'N', 'O', 'P', 'Q', 'R', 'T', 'W', 'Y', 'Z', 'K', 'L', 'M', 'E']);
  });

  it('is a Latin first letter in upper case, and # for anything else', () => {
    expect([' apple', 'Sony', '3M', '', '《书》'].map(initialOf)).toEqual(['A', 'S', '#', '#', '#']);
  });
});
