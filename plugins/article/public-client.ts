/**
 * What other plugins' browser code may use of the article plugin: its services, as typed values.
 * A plugin that `requires: ['article']` reloads the list with
 * `(await kernel.plugins.service(articleReload))()`; this plugin provides it in `index.ts`.
 */
import { createServiceRef } from '@kernel/core/extension';

/** Loads the shopper's article entries again from the server (after another plugin added one, say). */
export const articleReload = createServiceRef<() => Promise<void>>('article', 'reload');
