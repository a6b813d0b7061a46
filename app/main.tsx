/** The browser entry: read the bootstrap, find the plugins' parts, build the kernel, boot and render. */
import 'reflect-metadata/lite';
import type { SourceMap } from '@kernel/client/plugin';
import type { Bootstrap } from '@kernel/core/bootstrap';
import { startApp } from '@kernel/client/shell/start';
import { readBootstrap } from './bootstrap';
import { chunkLoaders } from './chunks';
import { sourcesFrom } from './sources';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');

/** The chunks the server named; without them (`vite dev`, no build manifest) the build's own table, downloaded then. */
const sourcesOf = async (bootstrap: Bootstrap): Promise<SourceMap> =>
  bootstrap.chunks ? sourcesFrom(chunkLoaders(bootstrap.chunks)) : (await import('./discover')).discoverSources();

// No top-level await: it would turn off rolldown's chunk optimisations (common-chunk merging).
void readBootstrap().then(async (bootstrap) => startApp({ sources: await sourcesOf(bootstrap), bootstrap, root }));
