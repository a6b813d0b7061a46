/**
 * Preload links for the built chunks of client modules a first screen renders (its page), read
 * from Vite's build manifest: the page downloads and compiles while the entry script runs,
 * instead of being asked for once the app has booted. Without a manifest there are no links.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ChunkLinks {
  scripts: string[];
  styles: string[];
}

/** The build manifest of `distDir`, read again only when a rebuild replaced it; `{}` without one. */
export function createManifestReader(distDir: string): () => Manifest {
  const file = path.join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest } | null = null;
  return () => {
    if (!fs.existsSync(file)) return {};
    const { mtimeMs } = fs.statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest };
    return cached.manifest;
  };
}

export function createModulePreloads(distDir: string, manifest: () => Manifest = createManifestReader(distDir)): (modules: readonly string[]) => ChunkLinks {
  return (modules) => {
    const chunks = manifest();
    const entries = Object.entries(chunks);
    // The entry and what it imports statically are in index.html already.
    const inPage = new Set<string>();
    for (const [key, chunk] of entries) if (chunk.isEntry) staticClosure(chunks, key, inPage);
    const wanted = new Set<string>();
    for (const module of modules) {
      // Manifest keys are relative to the app's root (`../plugins/home/pages/index.page.tsx`).
      const key = entries.find(([name, chunk]) => (chunk.src ?? name).endsWith(module))?.[0];
      if (key) staticClosure(chunks, key, wanted);
    }
    const picked = [...wanted].filter((key) => !inPage.has(key)).map((key) => chunks[key]);
    return {
      scripts: picked.map((chunk) => `/${chunk.file}`),
      styles: [...new Set(picked.flatMap((chunk) => chunk.css ?? []))].map((css) => `/${css}`),
    };
  };
}

/** `key` and every chunk it imports statically, into `into`. */
export function staticClosure(chunks: Manifest, key: string, into: Set<string>): void {
  if (into.has(key) || !chunks[key]) return;
  into.add(key);
  for (const imported of chunks[key].imports ?? []) staticClosure(chunks, imported, into);
}
