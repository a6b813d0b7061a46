/**
 * What plugins may ask about the files users uploaded through the kernel's upload call
 * (kernel/server/uploads.ts), and files the server makes itself (a QR code) kept beside them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerServices } from '../plugin';

/** A folder or file name of a kept file: letters, digits, `-`, `_` and a dot inside, nothing that climbs out. */
const SAFE_NAME = /^[a-z0-9][a-z0-9_-]*(\.[a-z0-9]+)?$/i;

export function createUploads(uploadsDir: string): ServerServices['uploads'] {
  return {
    async keep(folder, name, make) {
      if (!SAFE_NAME.test(folder) || !SAFE_NAME.test(name)) throw new Error(`uploads.keep: "${folder}/${name}" is not a plain folder and file name`);
      const file = path.join(uploadsDir, folder, name);
      const url = `/uploads/${folder}/${name}`;
      if (await exists(file)) return url;
      const bytes = await make();
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a request racing this one never serves half a file.
      const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
      return url;
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

const exists = (file: string): Promise<boolean> =>
  fs.access(file).then(
    () => true,
    () => false,
  );
