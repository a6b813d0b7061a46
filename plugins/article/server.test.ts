import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer, type TestUser } from '@kernel/server/testing';
import { runOperator } from '../../cli/commands/operator';
import { TITLE_MAX, articleContract } from './contract';
import { listEntries } from './public';
import article from './server';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['article'], now: Date.UTC(2025, 4, 1) });
});
afterAll(() => t.close());

const add = (user: TestUser, payload: { title: string; user_id?: number }, lang?: string) =>
  t.call(articleContract.add, payload, { token: user.token, lang });
const titles = async (user: TestUser) => (await t.call(articleContract.list, {}, { token: user.token })).body.data.map((e) => e.title);

describe('POST /api/article/add and /api/article/list', () => {
  it("adds entries to the shopper's own list and reads them back, newest first", async () => {
    const ann = await t.createUser();
    const first = await add(ann, { title: '  Tea set ' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ code: 1, data: { title: 'Tea set', created_at: Date.UTC(2025, 4, 1) / 1000 } });
    t.clock.advance(60_000);
    await add(ann, { title: 'Walking shoes' });
    expect(await titles(ann)).toEqual(['Walking shoes', 'Tea set']);
    // Other plugins' server code reads the same list through ./public.ts.
    expect((await listEntries(t.db, ann.id)).map((e) => e.title)).toEqual(['Walking shoes', 'Tea set']);
  });

  it("keeps each shopper's list to themselves", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    await add(ann, { title: 'Kettle' });
    expect(await titles(bob)).toEqual([]);
    expect((await add(bob, { title: 'Kettle' })).body.code).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call(articleContract.list, {})).status).toBe(401);
    expect((await t.call(articleContract.add, { title: 'Kettle' })).status).toBe(401);
  });

  it("refuses to add to another shopper's list, and writes nothing", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    expect((await add(ann, { user_id: bob.id, title: 'Not yours' })).status).toBe(403);
    expect(await titles(bob)).toEqual([]);
    expect(await titles(ann)).toEqual([]);
    expect((await add(ann, { user_id: ann.id, title: 'Mine' })).body.code).toBe(1);
  });

  it('refuses a blank or too long title with code 0, naming the field by its label', async () => {
    const ann = await t.createUser();
    for (const title of ['   ', 'x'.repeat(TITLE_MAX + 1)]) {
      const { status, body } = await add(ann, { title }, 'en');
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      expect(body.data).toMatchObject({ field: 'title' });
      // The wire name stays in the data for the form; the shopper reads the label or nothing.
      expect(body.msg).not.toMatch(/\btitle\b/);
    }
    expect(await titles(ann)).toEqual([]);
  });

  it('refuses the same title twice, in the request language', async () => {
    const ann = await t.createUser();
    await add(ann, { title: 'Tea set' });
    expect((await add(ann, { title: 'Tea set' }, 'en')).body).toMatchObject({ code: 0, msg: '"Tea set" is already on your list' });
    expect((await add(ann, { title: 'Tea set' })).body).toMatchObject({ code: 0, msg: '“Tea set”已在列表中' });
    expect(await titles(ann)).toEqual(['Tea set']);
  });

  it("refuses more entries than the site's `maxEntries` setting", async () => {
    const ann = await t.createUser();
    await t.editSite((file) => {
      file.plugins.article = { enabled: true, settings: { maxEntries: 2 } };
    });
    try {
      await add(ann, { title: 'One' });
      await add(ann, { title: 'Two' });
      expect((await add(ann, { title: 'Three' }, 'en')).body).toMatchObject({ code: 0, msg: 'Your list is full: at most 2 entries' });
      expect(await titles(ann)).toEqual(['Two', 'One']);
    } finally {
      await t.editSite((file) => {
        file.plugins.article = { enabled: true };
      });
    }
  });

  it('answers "plugin disabled" while the site switches article off', async () => {
    const ann = await t.createUser();
    await t.setPlugins({ article: false });
    try {
      const { body } = await t.call(articleContract.list, {}, { token: ann.token });
      expect(body.code).toBe(0);
      expect(body.msg).toContain('article');
    } finally {
      await t.setPlugins({ article: true });
    }
  });
});

describe('storefront article list', () => {
  const list = article.commands?.find((c) => c.command.startsWith('article list'));
  /** As the CLI runs it: options as commander hands them over, checked against the command's schema. */
  const run = (args: string[], options: Record<string, unknown> = {}) => runOperator(t.app, article as never, list!, args, options);

  it("shows the newest entries with their shoppers' usernames, or one shopper's", async () => {
    const cat = await t.createUser({ username: 'cat' });
    const dan = await t.createUser({ username: 'dan' });
    await add(cat, { title: 'Lamp' });
    t.clock.advance(60_000);
    await add(dan, { title: 'Rug' });
    expect((await run([], { limit: '2' })).lines).toEqual([expect.stringMatching(/^\d+ {2}dan {2}Rug$/), expect.stringMatching(/^\d+ {2}cat {2}Lamp$/)]);
    expect((await run(['cat'])).data).toMatchObject([{ username: 'cat', title: 'Lamp' }]);
    expect((await run(['nobody'])).lines).toEqual(['no entries of shopper `nobody` in site `test`']);
    await expect(run([], { limit: 'all' })).rejects.toThrow('--limit: Must be a whole number');
  });
});
