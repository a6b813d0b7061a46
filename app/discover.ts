/**
 * Self-registration (DESIGN §3): every plugin folder's browser parts, found by file name at build
 * time, so adding a plugin folder edits no app file. Each part is a chunk of its own, loaded when
 * the plugin host asks for it — and it asks only for plugins the site runs. The served page names
 * the built chunks itself (Bootstrap.chunks, ./chunks.ts), so this table is only downloaded
 * without a build manifest (`vite dev`); the build still emits every part's chunk through it.
 */
import type { SourceMap } from '@kernel/client/plugin';
import { sourcesFrom } from './sources';

const loaders = {
  ...import.meta.glob('../plugins/*/index.ts'),
  ...import.meta.glob('../plugins/*/pages/*.page.tsx'),
  ...import.meta.glob('../plugins/*/i18n/{en,zh-Hans}.json'),
};

export function discoverSources(): SourceMap {
  return sourcesFrom(loaders);
}
