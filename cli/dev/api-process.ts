/**
 * The API under `storefront dev`: `storefront start --demo` without the built app, on an internal port,
 * in a process of its own so a restart loads changed server code. It reports to the parent over
 * IPC (api-protocol.ts) and writes the bootstrap into index.html for it. Its own logs (outbox
 * codes, config reloads) go to the terminal it shares with the parent.
 */
import type { ApiChildOptions, ChildMessage, ParentMessage } from './api-protocol';

const options = JSON.parse(process.argv[2] ?? '{}') as ApiChildOptions;
const send = (message: ChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, () => resolve());
  });

try {
  // Imported here, not at the top: a syntax error in server code is reported, not a crash.
  const { startServer } = await import('@kernel/server/server');
  const { injectBootstrap, pageBootstrap } = await import('@kernel/server/serve-app');
  const { serverLogger } = await import('../server-logger');
  const server = await startServer({
    root: options.root,
    site: options.site,
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    uploadsDir: options.uploadsDir,
    // The store `storefront start` would use (its settings were checked by the parent).
    uploadStore: (await import('../env-config')).uploadStoreOf(process.env),
    port: 0,
    host: '127.0.0.1',
    serveApp: false,
    handleSignals: false,
    // A developer's shop is the demo: seeded on an empty database, its logins allowed.
    demo: true,
    // Readable on the developer's terminal (stdout is the parent's); Fastify's "listening at" names the internal port, which is not the URL to open.
    logger: serverLogger({ env: process.env, isTTY: process.stdout.isTTY === true, level: 'info', hide: (message) => message.startsWith('Server listening at') }),
    // The parent prints the one URL a developer uses, with these notes.
    print: () => undefined,
  });

  process.on('message', (message: ParentMessage) => {
    if (message.type !== 'page') return;
    const { site, registry, db, services } = server.app.storefront;
    pageBootstrap({ site, registry, db, services }, server.app.log).then(
      // Dev serves source modules: only the first screen's images are worth preloading.
      ({ bootstrap, preload }) => send({ type: 'page', id: message.id, html: injectBootstrap(message.html, bootstrap, { images: preload }) }),
      (error: Error) => send({ type: 'page', id: message.id, error: error.message }),
    );
  });

  const shutdown = () => {
    void server.close().finally(() => process.exit(0));
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  // The parent is gone (even killed outright): do not outlive it.
  process.once('disconnect', shutdown);
  await send({ type: 'ready', url: server.url, notes: server.notes });
} catch (error) {
  await send({ type: 'failed', message: describe(error) });
  process.exit(1);
}

/** A boot error lists its problems in the message; anything else (a syntax error) needs its stack's top. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.name === 'BootError' || !error.stack) return error.message;
  return error.stack.split('\n').slice(0, 8).join('\n');
}
