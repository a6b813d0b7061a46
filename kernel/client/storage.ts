/**
 * Typed, versioned persistence over Web Storage. Keys carry a prefix and the schema version
 * (`storefront:v1:user`), so a release that changes a stored shape bumps the version and old
 * entries are simply never read (and are swept on start). Corrupt entries — a half-written value,
 * a hand edit — yield the fallback and are removed, never an exception at boot.
 */
import type { Storage } from './kernel';

export const STORAGE_PREFIX = 'storefront';
export const STORAGE_VERSION = 1;

export interface StorageOptions {
  area?: globalThis.Storage | null;
  prefix?: string;
  version?: number;
}

/** A storage area that forgets everything, for browsers that refuse localStorage (private modes). */
function memoryArea(): globalThis.Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, String(value)),
  };
}

function defaultArea(): globalThis.Storage {
  try {
    const area = globalThis.localStorage;
    if (area) return area;
  } catch {
    // Access itself throws when storage is disabled.
  }
  return memoryArea();
}

export function createStorage({ area, prefix = STORAGE_PREFIX, version = STORAGE_VERSION }: StorageOptions = {}): Storage {
  const store = area ?? defaultArea();
  const head = `${prefix}:v${version}:`;
  const fullKey = (key: string) => head + key;

  sweepOldVersions(store, prefix, head);

  return {
    get<T>(key: string, fallback: T): T {
      let raw: string | null;
      try {
        raw = store.getItem(fullKey(key));
      } catch {
        return fallback;
      }
      if (raw === null) return fallback;
      try {
        return JSON.parse(raw) as T;
      } catch {
        store.removeItem(fullKey(key));
        return fallback;
      }
    },
    set<T>(key: string, value: T): void {
      try {
        store.setItem(fullKey(key), JSON.stringify(value));
      } catch {
        // Quota exceeded or storage disabled: persistence is best effort, the app keeps working.
      }
    },
    remove(key: string): void {
      try {
        store.removeItem(fullKey(key));
      } catch {
        // Nothing stored means nothing to remove.
      }
    },
  };
}

function sweepOldVersions(store: globalThis.Storage, prefix: string, head: string): void {
  try {
    const stale: string[] = [];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && key.startsWith(`${prefix}:v`) && !key.startsWith(head)) stale.push(key);
    }
    stale.forEach((key) => store.removeItem(key));
  } catch {
    // A storage that cannot be listed is left alone.
  }
}
