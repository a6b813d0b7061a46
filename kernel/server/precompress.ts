/**
 * Brotli and gzip siblings (`x.js.br`, `x.js.gz`) of the built app's text files, made once per
 * build when the server starts; @fastify/static then serves them to browsers that accept them,
 * with no compression work per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/i;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

export function precompressDir(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let written = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stat = fs.statSync(file);
    if (stat.size < MIN_BYTES) continue;
    let content: Buffer | null = null;
    for (const [suffix, compress] of [
      ['.br', (b: Buffer) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['.gz', (b: Buffer) => zlib.gzipSync(b, { level: 9 })],
    ] as const) {
      const target = file + suffix;
      if (fs.existsSync(target) && fs.statSync(target).mtimeMs >= stat.mtimeMs) continue;
      content ??= fs.readFileSync(file);
      fs.writeFileSync(target, compress(content));
      written += 1;
    }
  }
  return written;
}
