/**
 * How two texts of one site's config differ, in words: which plugins one enables and the other
 * does not, which settings and which other fields differ. Used where a site file is compared with
 * the config a shop on PostgreSQL shares through its database (`doctor`, `site import`).
 */
import { isDeepStrictEqual } from 'node:util';

export interface SiteSides {
  /** How each side is named in the sentences, e.g. "the file" and "the database". */
  names: readonly [string, string];
  texts: readonly [string, string];
}

type Json = Record<string, unknown>;

/** Every difference, one sentence each; empty when the texts are equal or parse to equal JSON. */
export function diffSiteTexts({ names, texts }: SiteSides): string[] {
  if (texts[0] === texts[1]) return [];
  const parsed = texts.map(parseObject);
  const invalid = names.filter((_, i) => parsed[i] === null);
  if (invalid.length > 0) return invalid.map((name) => `${name} is not a JSON object`);
  const [a, b] = parsed as [Json, Json];
  if (isDeepStrictEqual(a, b)) return [];
  return [...enabledDifferences(names, a, b), ...settingDifferences(a, b), ...fieldDifferences(a, b)];
}

/** The ids of the plugins a site's JSON enables. */
export const enabledIn = (site: Json): Set<string> =>
  new Set(Object.entries(pluginsOf(site)).filter(([, entry]) => (entry as { enabled?: unknown } | null)?.enabled === true).map(([id]) => id));

function enabledDifferences(names: readonly [string, string], a: Json, b: Json): string[] {
  const [onA, onB] = [enabledIn(a), enabledIn(b)];
  const only = (on: Set<string>, off: Set<string>) => [...on].filter((id) => !off.has(id));
  const sentence = (ids: string[], on: string, off: string) =>
    `${list(ids)} ${ids.length === 1 ? 'is' : 'are'} enabled in ${on} and not in ${off}`;
  return [
    ...(only(onA, onB).length ? [sentence(only(onA, onB), names[0], names[1])] : []),
    ...(only(onB, onA).length ? [sentence(only(onB, onA), names[1], names[0])] : []),
  ];
}

function settingDifferences(a: Json, b: Json): string[] {
  const [pa, pb] = [pluginsOf(a), pluginsOf(b)];
  const settingsOf = (plugins: Json, id: string) => ((plugins[id] as { settings?: unknown } | null)?.settings ?? {}) as Json;
  const keys = new Set<string>();
  for (const id of new Set([...Object.keys(pa), ...Object.keys(pb)])) {
    for (const path of differingPaths(settingsOf(pa, id), settingsOf(pb, id))) keys.add(`${id}.${path}`);
  }
  return keys.size ? [`settings differ: ${list([...keys])}`] : [];
}

/** Everything outside `plugins` (site, app, frontHost): named by path only, since `app` holds the signing secret. */
function fieldDifferences(a: Json, b: Json): string[] {
  const { plugins: _a, ...restA } = a;
  const { plugins: _b, ...restB } = b;
  const paths = differingPaths(restA, restB);
  return paths.length ? [`other fields differ: ${list(paths)}`] : [];
}

/** Dotted paths of the leaves (values that are not plain objects) that differ, sorted. */
function differingPaths(a: unknown, b: unknown, prefix = ''): string[] {
  if (isDeepStrictEqual(a, b)) return [];
  if (!isObject(a) || !isObject(b)) return [prefix || '(all)'];
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .sort()
    .flatMap((key) => differingPaths(a[key], b[key], prefix ? `${prefix}.${key}` : key));
}

function parseObject(text: string): Json | null {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const pluginsOf = (site: Json): Json => (isObject(site.plugins) ? site.plugins : {});
const list = (ids: readonly string[]) => ids.map((id) => `\`${id}\``).join(', ');
