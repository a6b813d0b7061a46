/** The uploads in a folder on this disk (`<data-dir>/uploads`, or UPLOADS_DIR shared by the nodes). */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertSafeKey, typeOf, type UploadStore } from './store';

export function localUploadStore(dir: string): UploadStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    kind: 'local',
    dir: root,
    where: root,
    async has(key) {
      return fs.promises.access(fileOf(key)).then(
        () => true,
        () => false,
      );
    },
    async read(key) {
      return fs.promises.readFile(fileOf(key)).catch(notFound);
    },
    async open(key) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(notFound);
      if (!stat?.isFile()) return null;
      return { body: fs.createReadStream(file), size: stat.size, type: typeOf(key) };
    },
    async put(key, body) {
      const file = fileOf(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed: a request racing this one never serves half a file. Unique
      // per writer: nodes sharing the folder may write the same file at once; the last rename wins, each whole.
      const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.promises.writeFile(temp, body);
        await fs.promises.rename(temp, file);
      } catch (error) {
        await fs.promises.rm(temp, { force: true });
        throw error;
      }
    },
    async check() {
      await fs.promises.mkdir(root, { recursive: true });
      await fs.promises.access(root, fs.constants.W_OK);
    },
  };
}

function notFound(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') return null;
  throw error;
}
