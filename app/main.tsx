/** The browser entry: find the plugins' parts, read the bootstrap, build the kernel, boot and render. */
import 'reflect-metadata/lite';
import { startApp } from '@kernel/client/shell/start';
import { readBootstrap } from './bootstrap';
import { discoverSources } from './discover';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
// No top-level await: it would turn off rolldown's chunk optimisations (common-chunk merging).
void readBootstrap().then((bootstrap) => startApp({ sources: discoverSources(), bootstrap, root }));
