import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every user-visible string exists in zh-Hans and en: the two files of each namespace have the same keys. */
const root = new URL('..', import.meta.url).pathname;
type Tree = { [key: string]: string | Tree };

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}
const read = (file: string): Tree => JSON.parse(readFileSync(file, 'utf8')) as Tree;

const namespaces: [string, string][] = [
  ['kernel', join(root, 'kernel/core/i18n')],
  ['kernel (server only)', join(root, 'kernel/core/i18n/server')],
];
for (const id of readdirSync(join(root, 'plugins'))) {
  const dir = join(root, 'plugins', id, 'i18n');
  if (existsSync(dir)) namespaces.push([id, dir]);
}

describe('translations', () => {
  it.each(namespaces)('namespace %s has the same keys in zh-Hans and en, none empty', (_id, dir) => {
    const en = read(join(dir, 'en.json'));
    const zh = read(join(dir, 'zh-Hans.json'));
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    for (const tree of [en, zh]) {
      const empty = keys(tree).filter((k) => k.split('.').reduce<unknown>((n, p) => (n as Tree)[p], tree) === '');
      expect(empty).toEqual([]);
    }
  });
});
