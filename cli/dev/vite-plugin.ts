/**
 * The Vite plugin of `storefront dev`: index.html gets the bootstrap `storefront start` writes
 * (asked of the API child, so it has the live plugin list and the first-screen data), and Vite's
 * own file watcher also reports server-side changes, which restart the API.
 */
import path from 'node:path';
import type { Plugin } from 'vite';
import type { ApiSupervisor } from './api-supervisor';
import { API_WATCH_DIRS, effectOf, projectRelative } from './watch-rules';

export interface DevPluginOptions {
  root: string;
  site: string;
  api: ApiSupervisor;
}

export function storefrontDevPlugin({ root, site, api }: DevPluginOptions): Plugin {
  return {
    name: 'storefront-dev',
    apply: 'serve',
    configureServer(server) {
      // Vite watches app/ and what the app imports; the API's sources are added here.
      server.watcher.add(API_WATCH_DIRS.map((dir) => path.join(root, dir)));
      server.watcher.on('all', (event, file) => {
        if (event !== 'add' && event !== 'change' && event !== 'unlink') return;
        const relative = projectRelative(root, file);
        const effect = relative && effectOf(relative, site);
        if (relative && effect) api.changed(relative, effect);
      });
    },
    transformIndexHtml: {
      // After Vite's own transforms, which need not see the inline bootstrap script.
      order: 'post',
      async handler(html) {
        // Without the API the page keeps its marker: app/bootstrap.ts falls back to the default site file.
        return (await api.page(html)) ?? html;
      },
    },
  };
}
