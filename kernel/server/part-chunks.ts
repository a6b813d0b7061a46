/**
 * The plugins' browser parts as the build emitted them (Bootstrap.chunks), read from Vite's build
 * manifest: the browser imports each by URL, so the entry script holds no table of every plugin's
 * hashed files (each plugin added ≈115 B gzip to every site's first load). Each part lists what it
 * needs beyond the entry, as the build's own preload helper would fetch: its scripts, and its styles.
 */
import type { PartChunks } from '../core/bootstrap';
import { staticClosure, type Manifest } from './module-preload';

/** `../plugins/<id>/index.ts`, `…/pages/<name>.page.tsx`, `…/i18n/<language>.json`: what app/discover.ts finds. */
const PART = /^\.\.\/plugins\/[^/]+\/(index\.ts|pages\/[^/]+\.page\.tsx|i18n\/(en|zh-Hans)\.json)$/;

const built = new WeakMap<Manifest, PartChunks | undefined>();

/** Once per manifest read (a rebuild reads a new one). */
export function partChunks(manifest: Manifest): PartChunks | undefined {
  if (!built.has(manifest)) built.set(manifest, readParts(manifest));
  return built.get(manifest);
}

function readParts(manifest: Manifest): PartChunks | undefined {
  const entries = Object.entries(manifest);
  const inEntry = new Set<string>();
  for (const [key, chunk] of entries) if (chunk.isEntry) staticClosure(manifest, key, inEntry);
  const files: string[] = [];
  const indexOf = new Map<string, number>();
  const fileIndex = (file: string) => {
    let at = indexOf.get(file);
    if (at === undefined) indexOf.set(file, (at = files.push(file) - 1));
    return at;
  };
  const parts: Record<string, number[]> = {};
  for (const [key, chunk] of entries) {
    const source = chunk.src ?? key;
    if (!PART.test(source)) continue;
    const needed = new Set<string>();
    staticClosure(manifest, key, needed);
    const scripts = [...needed].filter((k) => k !== key && !inEntry.has(k)).map((k) => manifest[k].file);
    const styles = [...new Set([...needed].filter((k) => !inEntry.has(k)).flatMap((k) => manifest[k].css ?? []))];
    parts[source] = [chunk.file, ...scripts, ...styles].map(fileIndex);
  }
  return files.length > 0 ? { files, parts } : undefined;
}
