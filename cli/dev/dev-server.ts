/**
 * The one HTTP server of `storefront dev`: API paths go to the API child (api-proxy.ts), the rest
 * to Vite in middleware mode, whose hot-update socket shares the port. Owning the server (rather
 * than `vite.listen()`) keeps the port error ours and the shutdown too: Vite's own server would
 * exit the process on SIGTERM before the API child is stopped.
 */
import http from 'node:http';
import path from 'node:path';
import { createServer as createVite } from 'vite';
import { hubPath } from '@kernel/server/hub/path';
import { readSiteText } from '../sites';
import { apiProxyMiddleware, apiUpgradeForwarder } from './api-proxy';
import type { ApiSupervisor } from './api-supervisor';
import { storefrontDevPlugin } from './vite-plugin';

export interface DevServerOptions {
  root: string;
  site: string;
  port: number;
  host: string;
  dataDir: string;
  api: ApiSupervisor;
}

export interface DevServer {
  /** The port it listens on (the given one, or the one picked for port 0). */
  port: number;
  close(): Promise<void>;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { root, api } = options;
  const server = http.createServer();
  const vite = await createVite({
    configFile: path.join(root, 'app', 'vite.config.ts'),
    // Our lines stay on screen; Vite still reports hot updates.
    clearScreen: false,
    // Beside the runtime data rather than in node_modules/.vite: a project copy that links
    // node_modules (the CLI's tests) must not rewrite the original's dependency cache.
    cacheDir: path.join(options.dataDir, '.vite'),
    server: { middlewareMode: true, ws: { server } },
    plugins: [storefrontDevPlugin({ root, site: options.site, api })],
  });
  const target = () => api.url();
  const proxy = apiProxyMiddleware(target);
  server.on('request', (req, res) => proxy(req, res, () => vite.middlewares(req, res)));
  // The hub's path as the site file names it now; a path under /api/ is forwarded anyway.
  server.on('upgrade', apiUpgradeForwarder(target, (url) => url === siteHubPath(root, options.site)));

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await vite.close();
    throw error;
  }
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    async close() {
      await vite.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Browsers keep connections open; they must not hold the shutdown.
        server.closeAllConnections();
      });
    },
  };
}

/** Where the site's `wss` puts the chat hub; null without one or while the file does not read. */
function siteHubPath(root: string, site: string): string | null {
  try {
    const file = JSON.parse(readSiteText(root, site)) as { site?: { wss?: unknown } };
    return typeof file.site?.wss === 'string' ? hubPath(file.site.wss) : null;
  } catch {
    return null;
  }
}
