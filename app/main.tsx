/** The browser entry: find the plugins' parts, read the bootstrap, build the kernel, boot and render. */
import 'reflect-metadata/lite';
import { startApp } from '@kernel/client/shell/start';
import { readBootstrap } from './bootstrap';
import { discoverSources } from './discover';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
startApp({ sources: discoverSources(), bootstrap: await readBootstrap(), root });
