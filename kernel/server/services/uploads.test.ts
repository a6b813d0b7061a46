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
});
