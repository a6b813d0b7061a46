/**
 * The plugin template: text files under ./templates with `.tpl` appended (so neither tsc nor
 * vitest treats them as sources), in which tokens stand for the new plugin's names:
 *
 *   __id__     wishlist          ids, paths, i18n namespace, table prefix (`__id___entry`)
 *   __Id__     Wishlist          types and components (`__Id__Page`)
 *   __ID__     WISHLIST          constants (`__ID___PATH`)
 *   __slot__   member.services   the menu slot
 *   __tabbar__ true | false      whether its route shows the tab bar (slot `tabbar`)
 *
 * `common/` goes into every plugin; `full/` or `client-only/` (`--no-server`) adds the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATES_DIR = fileURLToPath(new URL('./templates', import.meta.url));

export type Variant = 'full' | 'client-only';

export interface TemplateFile {
  /** Path inside the plugin folder, tokens still in it (`pages/__id__.page.tsx`). */
  path: string;
  text: string;
}

export type Tokens = Record<'id' | 'Id' | 'ID' | 'slot' | 'tabbar', string>;

export function tokensFor(id: string, slot: string): Tokens {
  return { id, Id: id[0].toUpperCase() + id.slice(1), ID: id.toUpperCase(), slot, tabbar: String(slot === 'tabbar') };
}

const TOKEN = /__(id|Id|ID|slot|tabbar)__/g;
const LEFTOVER = /__[A-Za-z]+__/;

/** Replaces every token; a token the template misspelt is a bug in the template, so it throws. */
export function render(text: string, tokens: Tokens, where = 'template'): string {
  const out = text.replace(TOKEN, (_match, name: keyof Tokens) => tokens[name]);
  const left = LEFTOVER.exec(out);
  if (left) throw new Error(`${where} has an unknown token ${left[0]}`);
  return out;
}

/** The template's files for a variant, `common/` first, each in path order. */
export function readTemplates(variant: Variant, dir = TEMPLATES_DIR): TemplateFile[] {
  return ['common', variant].flatMap((part) => {
    const base = path.join(dir, part);
    return listFiles(base).map((file) => ({
      path: path.relative(base, file).split(path.sep).join('/').replace(/\.tpl$/, ''),
      text: fs.readFileSync(file, 'utf8'),
    }));
  });
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : entry.name.endsWith('.tpl') ? [path.join(dir, entry.name)] : []));
}
