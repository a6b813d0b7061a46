/** The cdkey plugin's settings (a site sets them under `plugins.cdkey.settings`). */
import * as z from 'zod/mini';
import { setting as whole } from '@kernel/core/schemas';

export const cdkeySettings = z.object({
  /** Redemption attempts one shopper may make within the window; a success starts the count again. */
  attemptsPerUser: whole(1, 1000, 5),
  /** Attempts from one ip address within the window (several shoppers may share one). */
  attemptsPerIp: whole(1, 10_000, 20),
  windowMinutes: whole(1, 24 * 60, 10),
});
export type CdkeySettings = z.output<typeof cdkeySettings>;
