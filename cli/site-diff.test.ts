import { describe, expect, it } from 'vitest';
import { diffSiteTexts } from './site-diff';

const site = (plugins: Record<string, unknown>, siteName = 'Shop', secret = 's3cret') =>
  JSON.stringify({ site: { siteName }, app: { key: 'k', secret }, plugins }, null, 2);
const diff = (file: string, database: string) => diffSiteTexts({ names: ['the file', 'the database'], texts: [file, database] });

describe('the differences between two texts of a site config', () => {
  it('finds none in equal texts, nor in the same JSON written another way', () => {
    const text = site({ goods: { enabled: true }, order: { enabled: false } });
    expect(diff(text, text)).toEqual([]);
    const reordered = JSON.stringify({ plugins: { order: { enabled: false }, goods: { enabled: true } }, app: { secret: 's3cret', key: 'k' }, site: { siteName: 'Shop' } });
    expect(diff(text, reordered)).toEqual([]);
  });

  it('names the plugins each side enables and the other does not (a missing entry is not enabled)', () => {
    const file = site({ goods: { enabled: true }, coupon: { enabled: true }, lottery: { enabled: true }, chat: { enabled: false } });
    const database = site({ goods: { enabled: true }, coupon: { enabled: false }, chat: { enabled: true } });
    expect(diff(file, database)).toEqual([
      '`coupon`, `lottery` are enabled in the file and not in the database',
      '`chat` is enabled in the database and not in the file',
    ]);
  });

  it('names each setting that differs, by plugin and key, including one only a side sets', () => {
    const file = site({ goods: { enabled: true, settings: { pageSize: 10, sort: { by: 'price' } } }, order: { enabled: true } });
    const database = site({ goods: { enabled: true, settings: { pageSize: 20, sort: { by: 'price' } } }, order: { enabled: true, settings: { autoCancelMinutes: 30 } } });
    expect(diff(file, database)).toEqual(['settings differ: `goods.pageSize`, `order.autoCancelMinutes`']);
  });

  it('names other fields by path only, never printing a value such as the signing secret', () => {
    const differences = diff(site({}, 'Shop', 'one-secret'), site({}, 'Other shop', 'another-secret'));
    expect(differences).toEqual(['other fields differ: `app.secret`, `site.siteName`']);
    expect(differences.join()).not.toMatch(/one-secret|another-secret/);
  });

  it('says which side is not a JSON object', () => {
    expect(diff('{ "plugins": ', site({}))).toEqual(['the file is not a JSON object']);
    expect(diff(site({}), '[]')).toEqual(['the database is not a JSON object']);
  });
});
