/**
 * Reading the area tree (`/api/goods/areaTree`, from the goods plugin): a province → city →
 * district chain of codes either names three real, nested divisions or it names nothing. Pure:
 * the server checks a saved address with it, the area picker walks the tree with it.
 */
import type { AreaNode } from '@plugins/goods/public-client';

export interface AreaCodes {
  province_code: string;
  city_code: string;
  district_code: string;
}

export interface AreaNames {
  province: string;
  city: string;
  district: string;
}

/** The names of the chain, or null when a code is unknown or belongs to another parent. */
export function resolveArea(tree: readonly AreaNode[], codes: AreaCodes): AreaNames | null {
  const province = tree.find((node) => node.code === codes.province_code);
  const city = province?.children?.find((node) => node.code === codes.city_code);
  const district = city?.children?.find((node) => node.code === codes.district_code);
  return province && city && district ? { province: province.name, city: city.name, district: district.name } : null;
}

/**
 * The nodes along `path` (codes from the province down), as far as they exist: the picker's
 * tabs. A code that is not a child of the one before ends the walk.
 */
export function walkArea(tree: readonly AreaNode[], path: readonly string[]): AreaNode[] {
  const nodes: AreaNode[] = [];
  let level: readonly AreaNode[] | undefined = tree;
  for (const code of path) {
    const node: AreaNode | undefined = level?.find((n) => n.code === code);
    if (!node) break;
    nodes.push(node);
    level = node.children;
  }
  return nodes;
}

/** The choices at `depth` (0 provinces, 1 cities, 2 districts) under the chosen `path`. */
export function choicesAt(tree: readonly AreaNode[], path: readonly string[], depth: number): readonly AreaNode[] {
  if (depth === 0) return tree;
  return walkArea(tree, path.slice(0, depth))[depth - 1]?.children ?? [];
}
