/** What plugins may ask about the files users uploaded through the kernel's upload call (kernel/server/uploads.ts). */
import type { ServerServices } from '../plugin';

export function createUploads(): ServerServices['uploads'] {
  return {
    async ownedBy(q, userId, url) {
      const row = await q
        .selectFrom('kernel_upload')
        .select(['url', 'mime', 'size'])
        .where('url', '=', url)
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? { url: row.url, mime: row.mime, size: Number(row.size) } : null;
    },
  };
}
