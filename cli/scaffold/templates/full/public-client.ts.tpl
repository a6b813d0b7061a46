/**
 * What other plugins' browser code may use of the __id__ plugin: its services, as typed values.
 * A plugin that `requires: ['__id__']` reloads the list with
 * `(await kernel.plugins.service(__id__Reload))()`; this plugin provides it in `index.ts`.
 */
import { createServiceRef } from '@kernel/core/extension';

/** Loads the shopper's __id__ entries again from the server (after another plugin added one, say). */
export const __id__Reload = createServiceRef<() => Promise<void>>('__id__', 'reload');
