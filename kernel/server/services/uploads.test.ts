import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: [] });
});
afterAll(() => t.close());

describe('uploads', () => {
  it("answers a file its uploader asks about, and nothing about someone else's or an unknown url", async () => {
    const ann = await t.createUser();
    const bob = await t.createUser();
    await t.db
      .insertInto('kernel_upload')
      .values({ user_id: ann.id, url: '/uploads/20250115/a.png', mime: 'image/png', size: 1234, sha1: 'x', created_at: t.clock.nowSeconds() })
      .execute();
    expect(await t.services.uploads.ownedBy(t.db, ann.id, '/uploads/20250115/a.png')).toEqual({ url: '/uploads/20250115/a.png', mime: 'image/png', size: 1234 });
    expect(await t.services.uploads.ownedBy(t.db, bob.id, '/uploads/20250115/a.png')).toBeNull();
    expect(await t.services.uploads.ownedBy(t.db, ann.id, 'https://example.com/a.png')).toBeNull();
  });

  it('keeps a file the server makes once, serves it under /uploads/, and refuses a name that is not plain', async () => {
    let made = 0;
    const make = async () => (made++, new TextEncoder().encode('qr bytes'));
    const url = await t.services.uploads.keep('qr', 'abc123.png', make);
    expect(url).toBe('/uploads/qr/abc123.png');
    expect(await t.services.uploads.keep('qr', 'abc123.png', make)).toBe(url);
    expect(made).toBe(1);
    const served = await t.app.inject({ method: 'GET', url });
    expect([served.statusCode, served.body]).toEqual([200, 'qr bytes']);
    for (const [folder, name] of [['qr', '../x.png'], ['..', 'x.png'], ['qr/sub', 'x.png'], ['qr', '.hidden']]) {
      await expect(t.services.uploads.keep(folder, name, make)).rejects.toThrow('is not a plain folder and file name');
    }
    expect(made).toBe(1);
  });
});
