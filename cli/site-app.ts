/**
 * Opens a site's API host without listening — migrated, with services and the live config — for
 * commands that operate its data (seed, user add, outbox, plugin operator commands), and closes it.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '@kernel/server/app';
import { consoleLogger } from '@kernel/server/console-logger';
import type { CliContext } from './context';
import { siteOf } from './context';

export interface SiteAppOptions {
  site?: string;
  dataDir?: string;
}

/** `--data-dir`, else $STOREFRONT_DATA_DIR, else `<root>/data`. */
export const dataDirOf = (ctx: CliContext, options: SiteAppOptions) =>
  path.resolve(options.dataDir ?? ctx.env.STOREFRONT_DATA_DIR ?? path.join(ctx.root, 'data'));

export async function withSiteApp<T>(ctx: CliContext, options: SiteAppOptions, work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const app = await createApp({
    root: ctx.root,
    site: siteOf(ctx, options),
    dataDir: dataDirOf(ctx, options),
    logger: consoleLogger('warn'),
  });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}
