/**
 * What the build puts on a cold load of the home route, checked on the real build (issue #12):
 * zod/mini, the forms and the user's socket connection stay off it, and it holds no module of a plugin the home
 * does not show, so a plugin a site switches off costs its home nothing. The app is built in
 * memory with app/vite.config.ts; from the entry and the home route's parts (the server's own
 * homeRouteModules, for a site running every plugin) the test follows the static imports, and the
 * lazy parts of the plugins' code (the home's sections, which render with it).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDescriptors } from '@kernel/server/discover';
import { homeRouteModulesOf } from '@kernel/server/first-screen';

type Chunk = Rolldown.OutputChunk;
const root = fileURLToPath(new URL('..', import.meta.url));
const project = (id: string) => path.relative(root, id).split(path.sep).join('/');

let chunks: Map<string, Chunk>;
let homeParts: string[];

beforeAll(async () => {
  const output = (await build({
    configFile: path.join(root, 'app', 'vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, manifest: false, reportCompressedSize: false },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = Array.isArray(output) ? output : [output];
  chunks = new Map(outputs.flatMap((o) => o.output).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
  homeParts = homeRouteModulesOf((await loadDescriptors(root)).descriptors);
}, 120_000);

/** The chunks a cold load of `/#/` runs, by file name. */
function homeRoute(): Set<string> {
  const byFacade = new Map([...chunks.values()].flatMap((c) => (c.facadeModuleId ? [[project(c.facadeModuleId), c] as const] : [])));
  const starts = [...chunks.values()].filter((c) => c.isEntry);
  for (const part of homeParts) {
    const chunk = byFacade.get(part);
    if (chunk) starts.push(chunk);
  }
  const seen = new Set<string>();
  const visit = (chunk: Chunk, lazyToo: boolean) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const file of chunk.imports) visit(chunks.get(file)!, false);
    if (lazyToo) for (const file of chunk.dynamicImports) if (chunks.has(file)) visit(chunks.get(file)!, false);
  };
  for (const chunk of starts) visit(chunk, /^plugins\/[^/]+\/index\.ts$/.test(project(chunk.facadeModuleId ?? '')));
  return seen;
}

const homeModules = () => [...homeRoute()].flatMap((file) => chunks.get(file)!.moduleIds.map(project));

describe('the home route as built', () => {
  it('starts from the home page and the code of the plugins it shows', () => {
    expect(homeParts).toEqual(expect.arrayContaining(['plugins/home/pages/index.page.tsx', 'plugins/home/index.ts', 'plugins/goods/index.ts']));
    const files = homeRoute();
    expect(files.size).toBeGreaterThan(homeParts.length);
    expect(homeModules()).toEqual(expect.arrayContaining(['plugins/home/pages/index.page.tsx', 'plugins/goods/sections/CategoryGrid.tsx']));
  });

  // The socket's facade (kernel/client/socket.ts: state and subscribers) is the kernel's service and
  // boots with it; the user's connection and its machine load only for a logged-in shopper on a site
  // with a hub (a visitor's live section loads the small read-only one, socket-visitor.ts).
  it('holds neither zod/mini, nor the forms, nor the socket', () => {
    const heavy = homeModules().filter((id) => /node_modules\/zod\/|^kernel\/client\/(form|socket-connection|socket-machine)\.ts$/.test(id));
    expect(heavy).toEqual([]);
  });

  it('holds no module of a plugin the home route does not show', () => {
    const shown = new Set(homeParts.map((part) => part.split('/')[1]));
    const others = homeModules().filter((id) => id.startsWith('plugins/') && !shown.has(id.split('/')[1]));
    expect(others).toEqual([]);
  });
});
