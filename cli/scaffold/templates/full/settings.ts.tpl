/** The __id__ plugin's settings (a site sets them under `plugins.__id__.settings` in its config file). */
import * as z from 'zod/mini';
import { setting } from '@kernel/core/schemas';

export const __id__Settings = z.object({
  /** How many entries one shopper may keep. */
  maxEntries: setting(1, 10_000, 100),
});
export type __Id__Settings = z.output<typeof __id__Settings>;
