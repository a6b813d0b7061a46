/** Pure rules over the category table: build the tree, find a category's subtree. */
import type { CategoryNode } from './contract';

export interface CategoryRow {
  id: number;
  parent_id: number;
  name: string;
  image: string;
  initials: string;
  sort: number;
}

const bySortThenId = (a: CategoryRow, b: CategoryRow) => a.sort - b.sort || a.id - b.id;

/** Roots are rows whose parent is 0 or missing (an orphan is shown rather than lost). */
export function buildTree(rows: readonly CategoryRow[]): CategoryNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<number, CategoryRow[]>();
  for (const row of rows) {
    const parent = ids.has(row.parent_id) && row.parent_id !== row.id ? row.parent_id : 0;
    const list = children.get(parent) ?? [];
    list.push(row);
    children.set(parent, list);
  }
  const visit = (parent: number): CategoryNode[] =>
    (children.get(parent) ?? [])
      .sort(bySortThenId)
      .map((row) => ({
        id: row.id,
        parentId: row.parent_id,
        categoryName: row.name,
        categoryImage: row.image,
        initails: row.initials,
        children: visit(row.id),
      }));
  return visit(0);
}

/** The category and all its descendants; empty when the id is unknown. */
export function subtreeIds(rows: readonly CategoryRow[], rootId: number): number[] {
  if (!rows.some((r) => r.id === rootId)) return [];
  const result = [rootId];
  for (let i = 0; i < result.length; i++) {
    for (const row of rows) {
      if (row.parent_id === result[i] && !result.includes(row.id)) result.push(row.id);
    }
  }
  return result;
}

/** Second-level (leaf) nodes of a tree, in display order. */
export function leaves(tree: readonly CategoryNode[]): CategoryNode[] {
  return tree.flatMap((node) => (node.children.length ? leaves(node.children) : [node]));
}
