import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import { createStorage } from '@kernel/client/storage';
import { createTestKernel } from '../../tests/setup/kernel';
import { __id__Add } from './public-client';
import { ENTRIES_KEY, MAX_ENTRIES, __id__Store, addEntry, loadEntries, withEntry, type __Id__State } from './store';

const entry = (title: string, created_at = 1) => ({ title, created_at });

describe('__id__ entries', () => {
  it('puts a new entry first, trimmed, and ignores a blank one', () => {
    expect(withEntry([entry('Kettle')], '  Tea set ', 2)).toEqual([entry('Tea set', 2), entry('Kettle')]);
    expect(withEntry([entry('Kettle')], '   ', 2)).toEqual([entry('Kettle')]);
  });

  it('moves a title already on the list to the top instead of repeating it', () => {
    expect(withEntry([entry('Kettle'), entry('Tea set')], 'Tea set', 3)).toEqual([entry('Tea set', 3), entry('Kettle')]);
  });

  it(`keeps at most ${MAX_ENTRIES}, dropping the oldest`, () => {
    const full = Array.from({ length: MAX_ENTRIES }, (_, i) => entry(`#${i}`));
    const next = withEntry(full, 'New', 2);
    expect(next).toHaveLength(MAX_ENTRIES);
    expect(next[0].title).toBe('New');
    expect(next.at(-1)?.title).toBe(`#${MAX_ENTRIES - 2}`);
  });

  it('keeps the list across visits, and skips stored values that are not entries', () => {
    const storage = createStorage({ area: localStorage });
    const store = proxy<__Id__State>({ entries: [] });
    addEntry(storage, 'Kettle', store, 5);
    const later = proxy<__Id__State>({ entries: [] });
    loadEntries(storage, later);
    expect(later.entries).toEqual([entry('Kettle', 5)]);

    storage.set(ENTRIES_KEY, [entry('Lamp'), { title: 7 }, 'rug', null]);
    loadEntries(storage, later);
    expect(later.entries).toEqual([entry('Lamp')]);
    storage.set(ENTRIES_KEY, { not: 'a list' });
    loadEntries(storage, later);
    expect(later.entries).toEqual([]);
  });

  it('lets other plugins add to the list through its public service', async () => {
    const kernel = createTestKernel({ plugins: ['__id__'] });
    const add = await kernel.plugins.service(__id__Add);
    add('Kettle');
    expect(__id__Store.entries.map((e) => e.title)).toEqual(['Kettle']);
    expect(kernel.storage.get<{ title: string }[]>(ENTRIES_KEY, []).map((e) => e.title)).toEqual(['Kettle']);
    __id__Store.entries = [];
  });
});
