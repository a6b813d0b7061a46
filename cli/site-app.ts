/**
 * Opens a site's API host without listening — migrated, with services and the live config — for
 * commands that operate its data (seed, user add, outbox, plugin operator commands), and closes it.
 */
import type { FastifyInstance } from 'fastify';
import { createApp } from '@kernel/server/app';
import { createLogger } from '@kernel/server/logger';
import type { CliContext } from './context';
import { siteOf } from './context';
import { uploadStoreOf } from './env-config';
import { appDataOf, connectionProblem, type SiteDataOptions } from './site-data';

export type SiteAppOptions = SiteDataOptions;

export async function withSiteApp<T>(ctx: CliContext, options: SiteAppOptions, work: (app: FastifyInstance) => Promise<T>): Promise<T> {
  const { database, dataDir, databaseUrl, uploadsDir } = appDataOf(ctx, options);
  // The same store as the shop's, so pictures an operator imports land where the nodes serve them.
  const uploadStore = uploadStoreOf(ctx.env);
  // Warnings go where the command's problems go: the terminal's stderr, or a test's.
  const logger = createLogger({ level: 'warn', format: 'pretty', write: (text) => ctx.err(text.trimEnd()) });
  const app = await createApp({ root: ctx.root, site: siteOf(ctx, options), dataDir, databaseUrl, uploadsDir, uploadStore, logger }).catch(
    (error: unknown) => {
      throw connectionProblem(error, database) ?? error;
    },
  );
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}
