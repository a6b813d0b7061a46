/**
 * The plugins' parts by plugin, from loaders keyed by source file (`../plugins/<id>/index.ts`,
 * `…/pages/<name>.page.tsx`, `…/i18n/<language>.json`), whether the build's table found them
 * (./discover.ts) or the server named their chunks (./chunks.ts).
 */
import type { ClientModule, I18nSources, PageLoader, PluginSources, Resources, SourceMap } from '@kernel/client/plugin';

export type PartLoaders = Readonly<Record<string, () => Promise<unknown>>>;

const PART = /^\.\.\/plugins\/([^/]+)\/(?:(index)\.ts|pages\/([^/]+)\.page\.tsx|i18n\/(en|zh-Hans)\.json)$/;

export function sourcesFrom(loaders: PartLoaders): SourceMap {
  const map: Record<string, PluginSources> = {};
  for (const [file, load] of Object.entries(loaders)) {
    const [, id, code, page, language] = PART.exec(file) ?? [];
    if (!id) continue;
    const sources = (map[id] ??= { pages: {} });
    if (code) sources.code = load as () => Promise<{ default: ClientModule }>;
    else if (page) sources.pages[page] = load as PageLoader;
    else (sources.i18n ??= {} as I18nSources)[language as keyof I18nSources] = load as () => Promise<{ default: Resources }>;
  }
  return map;
}
