/**
 * Fake plugins for the registry tests (tests only): a descriptor with the given requires, offers
 * and fills, and a server side that handles each of `paths` (to collide with other plugins' calls).
 */
import type { FakePlugin } from './fake-project';

export const plugin = (
  id: string,
  options: { requires?: string[]; paths?: string[]; descriptorId?: string; offers?: string[]; fills?: string[] } = {},
): FakePlugin => ({
  descriptor: {
    id: options.descriptorId ?? id,
    version: '1.0.0',
    requires: options.requires ?? [],
    ...(options.offers ? { offers: options.offers } : {}),
    ...(options.fills ? { fills: options.fills } : {}),
  },
  server: `
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
export default defineServerPlugin(descriptor, {
  routes(api) {
    for (const path of ${JSON.stringify(options.paths ?? [])}) {
      api.handle(defineCall({ path, payload: z.object({}), reply: shape(), summary: path }), () => null);
    }
  },
});
`,
});
