/**
 * Site files (`config/sites/<name>.json`) as the CLI reads and edits them. Edits touch only the
 * bytes they change, so a hand-formatted file stays as its author wrote it, and land with an
 * atomic rename, so a running server's watch never reads half a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { applyEdits, findNodeAtLocation, modify, parseTree, type Node } from 'jsonc-parser';
import { CliError, usageError } from './cli-error';
import { EXIT } from './exit-codes';

export const SITE_NAME = /^[a-z][a-z0-9-]{0,31}$/;

export const sitesDir = (root: string) => path.join(root, 'config', 'sites');
export const siteFilePath = (root: string, name: string) => path.join(sitesDir(root), `${name}.json`);
export const siteFileLabel = (name: string) => `config/sites/${name}.json`;

export function listSites(root: string): string[] {
  const dir = sitesDir(root);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

export function checkSiteName(name: string): void {
  if (!SITE_NAME.test(name)) {
    throw usageError(`"${name}" is not a valid site name: use lower-case letters, digits and dashes, starting with a letter (at most 32)`);
  }
}

/** The site file's text; a missing site is named along with the sites that exist. */
export function readSiteText(root: string, name: string): string {
  checkSiteName(name);
  const file = siteFilePath(root, name);
  if (!fs.existsSync(file)) {
    const sites = listSites(root);
    throw new CliError(
      `site \`${name}\` does not exist (${siteFileLabel(name)}); sites: ${sites.map((s) => `\`${s}\``).join(', ') || '(none)'}`,
      EXIT.usage,
    );
  }
  return fs.readFileSync(file, 'utf8');
}

/** Writes next to the file and renames it into place. */
export const writeSiteText = (root: string, name: string, text: string): void => writeFileAtomically(siteFilePath(root, name), text);

/** Writes next to `file` and renames it into place, so a watcher never reads half of it. */
export function writeFileAtomically(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, text);
  fs.renameSync(temp, file);
}

function pluginsNode(text: string): Node {
  const tree = parseTree(text);
  const plugins = tree && findNodeAtLocation(tree, ['plugins']);
  if (!plugins || plugins.type !== 'object') throw new CliError('the site file has no "plugins" object', EXIT.environment);
  return plugins;
}

/**
 * Sets `plugins.<id>.enabled`, changing only that value; a plugin the file does not mention yet
 * gets a line in the style of its neighbours.
 */
export function setPluginEnabled(text: string, id: string, enabled: boolean): string {
  const plugins = pluginsNode(text);
  const entry = plugins.children?.find((p) => p.children?.[0].value === id);
  if (entry) return applyEdits(text, modify(text, ['plugins', id, 'enabled'], enabled, {}));
  const last = plugins.children?.at(-1);
  if (!last) {
    return applyEdits(text, modify(text, ['plugins', id], { enabled }, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  }
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const indent = text.slice(lineStart, last.offset).match(/^\s*/)?.[0] ?? '  ';
  const end = last.offset + last.length;
  return `${text.slice(0, end)},\n${indent}${JSON.stringify(id)}: { "enabled": ${enabled} }${text.slice(end)}`;
}
