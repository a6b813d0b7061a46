import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeProject, fanPlugin, wishPlugin } from './fake-project';
import { seedNotes, seedSite } from './seed';
import { createTestServer, type TestServer } from './testing';

const project = fakeProject({ wish: wishPlugin, fan: fanPlugin });
let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ root: project.root, plugins: ['wish'] });
});
afterAll(async () => {
  await t.close();
  project.remove();
});

describe('seeding', () => {
  it('seeds each enabled plugin once and keeps its notes', async () => {
    expect(await seedSite(t.app)).toEqual({ seeded: ['wish'] });
    expect(await seedSite(t.app)).toEqual({ seeded: [] });
    expect(await seedNotes(t.app)).toEqual(['wish demo: nothing to log in with']);
  });
});

describe('seeding a plugin enabled later', () => {
  it('seeds it on the next run, notes in load order', async () => {
    const all = await createTestServer({ root: project.root });
    try {
      await all.setPlugins({ fan: false });
      expect((await seedSite(all.app)).seeded).toEqual(['wish']);
      await all.setPlugins({ fan: true });
      expect((await seedSite(all.app)).seeded).toEqual(['fan']);
      expect(await seedNotes(all.app)).toEqual(['wish demo: nothing to log in with', 'fan demo seeded']);
    } finally {
      await all.close();
    }
  });
});
