/**
 * What other plugins' browser code may use of the __id__ plugin: its services, as typed values.
 * A plugin that `requires: ['__id__']` adds to the shopper's list with
 * `(await kernel.plugins.service(__id__Add))('Tea set')`; this plugin provides it in `index.ts`.
 */
import { createServiceRef } from '@kernel/core/extension';

/** Puts a title first in the shopper's __id__ list on this device. */
export const __id__Add = createServiceRef<(title: string) => void>('__id__', 'add');
