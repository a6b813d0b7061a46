/**
 * Self-registration (DESIGN §3): every plugin folder's browser parts, found by file name at build
 * time, so adding a plugin folder edits no app file. Nothing here is downloaded up front: each
 * part is a chunk of its own, loaded when the plugin host asks for it — and it asks only for
 * plugins the site runs.
 */
import type { ClientModule, I18nSources, PageLoader, PluginSources, Resources, SourceMap } from '@kernel/client/plugin';

const code = import.meta.glob<{ default: ClientModule }>('../plugins/*/index.ts');
const pages = import.meta.glob('../plugins/*/pages/*.page.tsx') as Record<string, PageLoader>;
const strings = import.meta.glob<{ default: Resources }>('../plugins/*/i18n/{en,zh-Hans}.json');

/** `../plugins/<id>/<rest>` → [id, rest]. */
const split = (file: string): [string, string] => {
  const [, id, rest] = /^\.\.\/plugins\/([^/]+)\/(.+)$/.exec(file) ?? [];
  return [id, rest];
};

export function discoverSources(): SourceMap {
  const map: Record<string, PluginSources> = {};
  const of = (id: string) => (map[id] ??= { pages: {} });
  for (const [file, load] of Object.entries(code)) of(split(file)[0]).code = load;
  for (const [file, load] of Object.entries(pages)) {
    const [id, rest] = split(file);
    of(id).pages[rest.slice('pages/'.length, -'.page.tsx'.length)] = load;
  }
  for (const [file, load] of Object.entries(strings)) {
    const [id, rest] = split(file);
    const language = rest.slice('i18n/'.length, -'.json'.length) as keyof I18nSources;
    (of(id).i18n ??= {} as I18nSources)[language] = load;
  }
  return map;
}
