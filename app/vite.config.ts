/**
 * Builds the browser app from app/ into dist/ (which `storefront start` serves). The initial
 * bundle holds the kernel and the UI kit; every plugin's code, pages and strings are lazy chunks.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The HTML entry: the modulepreload polyfill and main.tsx hang off it. */
const entry = `${root}app/index.html`;
/**
 * Kernel helpers that only plugins import (defineClient, loadOnce, useFirstScreenData): every site's
 * plugins use them. Left out of the boot chunk, one would join the group of the first plugin that
 * imports it, and every other plugin using it would load that plugin's chunk.
 */
const KERNEL_HELPERS = /[\\/]kernel[\\/]client[\\/](load-once|plugin|first-screen-data)\.ts$/;
/** The UI kit's modules (and money, its prices') that the boot set leaves to the pages. */
const LAZY_KIT = /[\\/]kernel[\\/](client[\\/]ui[\\/]|core[\\/]money\.ts$)/;
/** The date picker, apart from the kit's forms: few pages pick a date. */
const DATE_PICKER = /[\\/]kernel[\\/]client[\\/]ui[\\/](DatePicker\.tsx|date-parts\.ts)$/;
/** The kit's index: every page that imports the kit by `@kernel/client/ui` runs all it re-exports (their styles are side effects). */
const KIT_INDEX = `${root}kernel/client/ui/index.ts`;
const kitIndexSets = new WeakMap<ChunkingContext, Set<string>>();
function kitIndexModules(ctx: ChunkingContext): Set<string> {
  const set = kitIndexSets.get(ctx) ?? staticClosure(ctx, KIT_INDEX);
  kitIndexSets.set(ctx, set);
  return set;
}
/** dayjs and kernel/core/time.ts, which client/time-formats.ts loads on first use: pages that show dates. */
const DATES = /[\\/](node_modules[\\/]dayjs[\\/]|kernel[\\/]core[\\/]time\.ts$)/;

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** The modules `from` reaches through static imports, `keep` saying which to follow. */
function staticClosure(ctx: ChunkingContext, from: string, keep: (id: string) => boolean = () => true): Set<string> {
  const set = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const id = queue.pop() as string;
    if (set.has(id) || !keep(id)) continue;
    set.add(id);
    queue.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return set;
}

/** Every module the entry reaches through static imports: what any first load downloads. */
const bootSets = new WeakMap<ChunkingContext, Set<string>>();
function bootModules(ctx: ChunkingContext): Set<string> {
  const set = bootSets.get(ctx) ?? staticClosure(ctx, entry);
  bootSets.set(ctx, set);
  return set;
}

const PLUGIN_FILE = /[\\/]plugins[\\/]([^\\/]+)[\\/]/;
const SECTION_FILE = /[\\/]plugins[\\/][^\\/]+[\\/]sections[\\/]/;
/**
 * A plugin's own modules that load together, as one chunk: what its browser code (`index.ts`)
 * reaches statically (it needs all of them whenever it loads), what its public client
 * (`public-client.ts`, which other plugins' code imports) reaches, and the home sections its code
 * loads lazily with what they reach (the home renders them with it: one request, not one per
 * component and per shared helper).
 */
const codeSets = new WeakMap<ChunkingContext, Map<string, Set<string>>>();
function pluginCodeOf(ctx: ChunkingContext, id: string): string | null {
  const plugin = PLUGIN_FILE.exec(id)?.[1];
  if (!plugin) return null;
  const byPlugin = codeSets.get(ctx) ?? new Map<string, Set<string>>();
  codeSets.set(ctx, byPlugin);
  const own = (file: string) => PLUGIN_FILE.exec(file)?.[1] === plugin;
  const code = `${root}plugins/${plugin}/index.ts`;
  let set = byPlugin.get(plugin);
  if (!set) {
    const sections = (ctx.getModuleInfo(code)?.dynamicallyImportedIds ?? []).filter((file) => own(file) && SECTION_FILE.test(file));
    const starts = [code, `${root}plugins/${plugin}/public-client.ts`, ...sections];
    set = new Set(starts.flatMap((start) => [...staticClosure(ctx, start, own)]));
    byPlugin.set(plugin, set);
  }
  // index.ts itself stays the facade of a chunk of its own (a few lines): the browser imports it by
  // the URL the server names (Bootstrap.chunks) and needs its default export, not the group's.
  return set.has(id) && id !== code ? plugin : null;
}

/** A visitor's read-only connection and the backoff it shares with the user's: one chunk. */
const SOCKET = /[\\/]kernel[\\/]client[\\/]socket-(visitor|timing)\.ts$/;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@kernel': `${root}kernel`,
      '@plugins': `${root}plugins`,
      '@config': `${root}config`,
    },
    // tsyringe declares its ES2015 build in the `es2015` field, which Vite does not read: the
    // default `module` build is ES5, down-levelled through tslib helpers (≈2 KB more on the home route).
    mainFields: ['browser', 'es2015', 'module', 'jsnext:main', 'jsnext'],
  },
  build: {
    outDir: `${root}dist`,
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: true,
    // dist/.vite/manifest.json: the server preloads the chunks of a first screen's page from it.
    manifest: true,
    // No modulepreload polyfill (0.5 KB on every first load): every browser the es2022 target runs
    // on but Safari 15.4-16 supports <link rel="modulepreload">, and there it only preloads.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every first load downloads, as one chunk. Left alone, rolldown splits the
            // modules the entry shares with lazy chunks into a dozen common chunks (react, i18next,
            // the kit's Button, …), and each file costs its own gzip window and import lines
            // (131.7 → 126.8 kB on the home route). Plugins' modules stay in their own chunks:
            // a plugin the site does not run must cost nothing.
            { priority: 30, name: (id: string, ctx: ChunkingContext) => (bootModules(ctx).has(id) || KERNEL_HELPERS.test(id) ? 'boot' : null) },
            // The rest of the UI kit, and the date helpers, as chunks of their own, claimed before
            // any plugin's group: a group takes its modules' dependencies with it, so coupon's
            // components once took the kit and dayjs into a `coupon` chunk that every page loaded,
            // on sites without coupon too (9.1 kB on the home route, of which the home used 5.7).
            // The kit's modules its index does not re-export (forms, sheets, tabs, the date picker:
            // imported by their own path), apart: the pages that use them load them, not every page
            // that uses the kit (the home: 1.x kB less).
            // The index's first: a group takes its modules' dependencies with it, and the forms' group
            // would take the countdown (the code button's) from the home.
            { priority: 23, name: (id: string, ctx: ChunkingContext) => (LAZY_KIT.test(id) && kitIndexModules(ctx).has(id) ? 'kit' : null) },
            { priority: 22, name: (id: string) => (DATE_PICKER.test(id) ? 'kit-dates' : null) },
            { priority: 21, name: (id: string) => (LAZY_KIT.test(id) ? 'kit-extra' : null) },
            { priority: 20, name: (id: string) => (DATES.test(id) ? 'dates' : null) },
            { priority: 20, name: (id: string) => (SOCKET.test(id) ? 'socket' : null) },
            { priority: 10, name: (id: string, ctx: ChunkingContext) => pluginCodeOf(ctx, id) },
          ],
        },
      },
    },
  },
  server: {
    // `vite dev` alone: the API host runs separately (storefront start), default port 8080.
    proxy: {
      '/api': process.env.STOREFRONT_API ?? 'http://127.0.0.1:8080',
      '/uploads': process.env.STOREFRONT_API ?? 'http://127.0.0.1:8080',
    },
  },
});
