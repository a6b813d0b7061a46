/**
 * What plugins may ask about the files users uploaded through the kernel's upload call
 * (kernel/server/uploads.ts), and files the server makes itself (a QR code, the demo's pictures)
 * kept beside them in the upload store (a folder or a bucket: ../upload-store/).
 */
import type { ServerServices } from '../plugin';
import { typeOf, type UploadStore } from '../upload-store/store';

/** A folder or file name of a kept file: letters, digits, `-`, `_` and a dot inside, nothing that climbs out. */
const SAFE_NAME = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)?$/i;

export function createUploads(store: UploadStore): ServerServices['uploads'] {
  return {
    async keep(folder, name, make) {
      if (!SAFE_NAME.test(folder) || !SAFE_NAME.test(name)) throw new Error(`uploads.keep: "${folder}/${name}" is not a plain folder and file name`);
      const key = `${folder}/${name}`;
      // Kept once: the same name is the same file (callers name files by their content or purpose).
      if (!(await store.has(key))) await store.put(key, Buffer.from(await make()), typeOf(name));
      return `/uploads/${key}`;
    },
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
