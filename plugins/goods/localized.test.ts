import { describe, expect, it } from 'vitest';
import { labelSpecs, specText, textIn } from './localized';

describe('catalogue text in the request language', () => {
  it('picks the English for an English reader when there is one, else the Chinese', () => {
    expect(textIn('en', '极光', 'Aurora')).toBe('Aurora');
    expect(textIn('en', '极光', '')).toBe('极光');
    expect(textIn('zh-Hans', '极光', 'Aurora')).toBe('极光');
  });

  it('writes spec values as shoppers read them, each translated where it can be', () => {
    expect(specText({ 颜色: '曜石黑', 存储: '8GB+128GB' })).toBe('曜石黑 / 8GB+128GB');
    expect(specText({ 颜色: '曜石黑', 存储: '8GB+128GB' }, { 曜石黑: 'Obsidian Black' })).toBe('Obsidian Black / 8GB+128GB');
    expect(specText({})).toBe('');
  });

  it('labels spec names and values for English readers only, keeping the Chinese the SKUs are keyed by', () => {
    const specs = [{ name: '颜色', values: ['曜石黑', '白'] }, { name: '存储', values: ['128G'] }];
    expect(labelSpecs(specs, { 颜色: 'Colour' }, 'zh-Hans', { 曜石黑: 'Obsidian Black' })).toBe(specs);
    expect(labelSpecs(specs, { 颜色: 'Colour' }, 'en', { 曜石黑: 'Obsidian Black' })).toEqual([
      { name: '颜色', label: 'Colour', values: ['曜石黑', '白'], valueLabels: { 曜石黑: 'Obsidian Black' } },
      { name: '存储', values: ['128G'] },
    ]);
  });
});
