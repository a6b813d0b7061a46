/** The browser entry: discover the plugins, read the bootstrap, build the kernel, boot and render. */
import 'reflect-metadata/lite';
import { startApp } from '@kernel/client/shell/start';
import { readBootstrap } from './bootstrap';
import { discoverPlugins } from './discover';

const root = document.getElementById('app');
if (!root) throw new Error('index.html has no #app element');
startApp({ plugins: discoverPlugins(), bootstrap: await readBootstrap(), root });
