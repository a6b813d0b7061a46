/** The article plugin's settings (a site sets them under `plugins.article.settings` in its config file). */
import * as z from 'zod/mini';
import { setting } from '@kernel/core/schemas';

export const articleSettings = z.object({
  /** How many entries one shopper may keep. */
  maxEntries: setting(1, 10_000, 100),
});
export type ArticleSettings = z.output<typeof articleSettings>;
