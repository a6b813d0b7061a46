import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from './hash';
import { createLocalSessionEvents, type SessionsEnded } from './session-events';
import { TOKEN_CACHE_MS } from './token-cache';
import { createTokens } from './tokens';
import { createTestServer, type TestServer } from '../testing';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: [] });
});
afterAll(() => t.close());

describe('tokens', () => {
  it('stores only hashes of the tokens it issues', async () => {
    const ann = await t.createUser();
    const rows = await t.db.selectFrom('kernel_token').selectAll().where('user_id', '=', ann.id).execute();
    expect(rows.map((r) => r.kind).sort()).toEqual(['access', 'refresh']);
    expect(rows.map((r) => r.token_hash).sort()).toEqual([sha256(ann.token), sha256(ann.refreshToken)].sort());
    expect(new Set(rows.map((r) => r.family)).size).toBe(1);
    expect(ann.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('ends one session on revoke and every session on revokeAll', async () => {
    const bob = await t.createUser();
    const phone = await t.services.tokens.issue(bob.id);
    await t.services.tokens.revoke(bob.refreshToken);
    expect(await t.services.tokens.authenticate(bob.token)).toBeNull();
    expect(await t.services.tokens.authenticate(phone.token)).toMatchObject({ id: bob.id });
    await t.services.tokens.revokeAll(bob.id);
    expect(await t.services.tokens.authenticate(phone.token)).toBeNull();
    expect(await t.services.tokens.refresh(phone.refreshToken)).toBeNull();
  });

  it('ends every other session of the user on revokeOthers, keeping the current one and other users\' sessions', async () => {
    const dan = await t.createUser();
    const phone = await t.services.tokens.issue(dan.id);
    const tablet = await t.services.tokens.issue(dan.id);
    const eve = await t.createUser();
    await t.services.tokens.revokeOthers(dan.id, dan.token);
    expect(await t.services.tokens.authenticate(dan.token)).toMatchObject({ id: dan.id });
    expect(await t.services.tokens.authenticate(phone.token)).toBeNull();
    expect(await t.services.tokens.refresh(tablet.refreshToken)).toBeNull();
    expect(await t.services.tokens.authenticate(eve.token)).toMatchObject({ id: eve.id });
    // The kept session still refreshes.
    expect(await t.services.tokens.refresh(dan.refreshToken)).not.toBeNull();
  });

  it('keeps nothing on revokeOthers when the token is not the user\'s own', async () => {
    const fay = await t.createUser();
    const gus = await t.createUser();
    await t.services.tokens.revokeOthers(fay.id, gus.token);
    expect(await t.services.tokens.authenticate(fay.token)).toBeNull();
    expect(await t.services.tokens.authenticate(gus.token)).toMatchObject({ id: gus.id });
  });

  it('issues inside the caller\'s transaction, and rolls back with it', async () => {
    const eve = await t.createUser();
    const kept = await t.db.transaction().execute((tx) => t.services.tokens.issue(eve.id, tx));
    expect(await t.services.tokens.authenticate(kept.token)).toMatchObject({ id: eve.id });
    let lost = '';
    await t.db
      .transaction()
      .execute(async (tx) => {
        lost = (await t.services.tokens.issue(eve.id, tx)).token;
        throw new Error('register failed later');
      })
      .catch(() => undefined);
    expect(lost).not.toBe('');
    expect(await t.services.tokens.authenticate(lost)).toBeNull();
  });

  it('lets only one of two simultaneous refreshes of the same token win', async () => {
    const cat = await t.createUser();
    const [a, b] = await Promise.all([t.services.tokens.refresh(cat.refreshToken), t.services.tokens.refresh(cat.refreshToken)]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
  });

  it('keeps the session id across a refresh, and announces every session it ends, once', async () => {
    const events = createLocalSessionEvents();
    const heard: SessionsEnded[] = [];
    events.subscribe((event) => heard.push(event));
    const tokens = createTokens(t.db, t.clock, events);
    const hal = await t.createUser();
    const laptop = await tokens.issue(hal.id);
    const phone = await tokens.issue(hal.id);
    const before = await tokens.session(laptop.token, 'access');
    const renewed = await tokens.refresh(laptop.refreshToken);
    expect(await tokens.session(renewed!.token, 'access')).toEqual(before);
    expect(await tokens.session(renewed!.refreshToken, 'refresh')).toEqual(before);
    expect(await tokens.session(renewed!.refreshToken, 'access')).toBeNull();
    expect(heard).toEqual([]);

    // Every other session ends: the phone's and the one the test harness opened for hal.
    const others = [(await tokens.session(phone.token, 'access'))!.id, (await tokens.session(hal.token, 'access'))!.id];
    await tokens.revokeOthers(hal.id, renewed!.token);
    expect(heard).toHaveLength(1);
    expect(heard[0].userId).toBe(hal.id);
    expect([...heard[0].sessions].sort()).toEqual([...others].sort());
    expect(await tokens.alive(others[0])).toBe(false);
    expect(await tokens.alive(before!.id)).toBe(true);
    expect(await tokens.end(before!.id)).toBe(true);
    expect(await tokens.end(before!.id)).toBe(false);
    // Nothing is left to end: nothing more is announced.
    await tokens.revokeAll(hal.id);
    expect(heard.map((e) => e.sessions)).toEqual([heard[0].sessions, [before!.id]]);
  });

  describe('remembered for a few seconds (./token-cache.ts)', () => {
    it('answers a known token without its row for up to TOKEN_CACHE_MS, never past that', async () => {
      const ida = await t.createUser();
      expect(await t.services.tokens.authenticate(ida.token)).toMatchObject({ id: ida.id });
      // Straight in the database, as an edit no node hears of.
      await t.db.deleteFrom('kernel_token').where('token_hash', '=', sha256(ida.token)).execute();
      expect(await t.services.tokens.authenticate(ida.token)).toMatchObject({ id: ida.id });
      t.clock.advance(TOKEN_CACHE_MS);
      expect(await t.services.tokens.authenticate(ida.token)).toBeNull();
    });

    it('forgets at once a session this node ends, a token refreshed away, and a locked account', async () => {
      const jo = await t.createUser();
      const phone = await t.services.tokens.issue(jo.id);
      const tablet = await t.services.tokens.issue(jo.id);
      for (const token of [jo.token, phone.token, tablet.token]) expect(await t.services.tokens.authenticate(token)).toMatchObject({ id: jo.id });
      await t.services.tokens.revoke(phone.refreshToken);
      expect(await t.services.tokens.authenticate(phone.token)).toBeNull();
      expect(await t.services.tokens.refresh(tablet.refreshToken)).not.toBeNull();
      expect(await t.services.tokens.authenticate(tablet.token)).toBeNull();
      expect(await t.services.tokens.authenticate(jo.token)).toMatchObject({ id: jo.id });
      await t.services.users.update(t.db, jo.id, { locked: true });
      expect(await t.services.tokens.authenticate(jo.token)).toBeNull();
    });

    it('forgets a session another node ended, once the news arrives', async () => {
      const events = createLocalSessionEvents();
      const tokens = createTokens(t.db, t.clock, events);
      const kim = await t.createUser();
      const session = (await tokens.session(kim.token, 'access'))!.id;
      expect(await tokens.authenticate(kim.token)).toMatchObject({ id: kim.id });
      // The other node deleted the rows and announced it on the bus.
      await t.db.deleteFrom('kernel_token').where('family', '=', session).execute();
      events.publish({ userId: kim.id, sessions: [session] });
      expect(await tokens.authenticate(kim.token)).toBeNull();
    });
  });
});

