import { describe, expect, it } from 'vitest';
import { buildTree, leaves, subtreeIds, type CategoryRow } from './category-tree';

const row = (id: number, parent_id: number, name: string, sort = 0): CategoryRow => ({
  id, parent_id, name, image: `/c${id}.svg`, initials: 'X', sort,
});

const rows = [row(1, 0, '数码', 1), row(2, 0, '服饰', 0), row(3, 1, '手机', 1), row(4, 1, '耳机', 0), row(5, 2, '男装'), row(6, 9, '孤儿', 5)];

describe('category tree', () => {
  it('nests children under their parents, sorted by sort then id, in the spec shape', () => {
    const tree = buildTree(rows);
    expect(tree.map((n) => n.categoryName)).toEqual(['服饰', '数码', '孤儿']);
    const digital = tree[1];
    expect(digital).toMatchObject({ id: 1, parentId: 0, categoryImage: '/c1.svg', initails: 'X' });
    expect(digital.children.map((n) => n.categoryName)).toEqual(['耳机', '手机']);
    expect(digital.children[0].children).toEqual([]);
  });

  it('shows a category whose parent is gone at the first level rather than losing it', () => {
    expect(buildTree(rows).at(-1)).toMatchObject({ id: 6, parentId: 9, children: [] });
  });

  it('finds a first-level category with all its children, a leaf alone, nothing for an unknown id', () => {
    expect(subtreeIds(rows, 1).sort()).toEqual([1, 3, 4]);
    expect(subtreeIds(rows, 3)).toEqual([3]);
    expect(subtreeIds(rows, 42)).toEqual([]);
  });

  it('lists the leaves in display order', () => {
    expect(leaves(buildTree(rows)).map((n) => n.id)).toEqual([5, 4, 3, 6]);
  });
});
