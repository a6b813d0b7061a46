import { describe, expect, it } from 'vitest';
import { createStorage } from '@kernel/client/storage';
import { visitorId } from './visitor';

const memory = () => {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key: string) => map.get(key) ?? null,
    key: (index: number) => [...map.keys()][index] ?? null,
    removeItem: (key: string) => void map.delete(key),
    setItem: (key: string, value: string) => void map.set(key, value),
  };
};

describe('the visitor id', () => {
  it('is made once, 32 hex digits, and kept for the next visit', () => {
    const area = memory();
    const first = visitorId(createStorage({ area }));
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorId(createStorage({ area }))).toBe(first);
  });

  it('differs between browsers', () => {
    expect(visitorId(createStorage({ area: memory() }))).not.toBe(visitorId(createStorage({ area: memory() })));
  });

  it('is made again when what was kept is not one (a hand edit)', () => {
    const area = memory();
    const storage = createStorage({ area });
    storage.set('article.visitor', '<script>');
    expect(visitorId(storage, () => 'f'.repeat(32))).toBe('f'.repeat(32));
    expect(visitorId(storage)).toBe('f'.repeat(32));
  });
});
