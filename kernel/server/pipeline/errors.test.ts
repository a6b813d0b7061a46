import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBusy } from '../db-postgres';
import { fakeProject } from '../fake-project';
import { hotTransaction } from '../hot-transaction';
import { testPostgresUrl } from '../test-database';
import { createTestServer, type TestServer } from '../testing';

/** A call that waits at most 50 ms for a shopper's row lock: a real lock time-out when another transaction holds it. */
const project = fakeProject({
  queue: {
    descriptor: { id: 'queue', version: '1.0.0' },
    server: `
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { defineCall, shape } from '@kernel/core/contract';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

export const queueContract = {
  touch: defineCall({ path: '/api/queue/touch', payload: z.object({ id: z.number() }), reply: shape<null>(), summary: 'Locks a row briefly' }),
};

const touch = (db, id) =>
  db.transaction().execute(async (tx) => {
    await sql\`set local lock_timeout = '50ms'\`.execute(tx);
    await tx.selectFrom('kernel_user').select('id').where('id', '=', id).forUpdate().execute();
    return null;
  });

export default defineServerPlugin(descriptor, {
  socket: {
    touch: async (message, ctx) => {
      await touch(ctx.db, Number(message.id));
      ctx.send({ type: 'touched', cid: message.cid });
    },
  },
  routes(api) {
    api.handle(queueContract.touch, (payload, ctx) => touch(ctx.db, payload.id));
  },
});
`,
  },
});

describe('a database conflict that outlived its retries', () => {
  it('is told apart from a failure: serialization failure, deadlock and lock time-out, nothing else', () => {
    expect(['40001', '40P01', '55P03'].map((code) => isBusy({ code }))).toEqual([true, true, true]);
    expect([{ code: '23505' }, new Error('kaboom'), null, undefined].map(isBusy)).toEqual([false, false, false, false]);
  });

  describe.skipIf(!testPostgresUrl())('on PostgreSQL', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await createTestServer({ root: project.root });
    });
    afterAll(async () => {
      await t.close();
      project.remove();
    });

    it('answers "busy, try again" in the envelope (HTTP 200, code 0) in the shopper\'s language, never a 500', async () => {
      const ann = await t.createUser();
      let locked!: () => void;
      let release!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = hotTransaction(t.db).execute(async (tx) => {
        await tx.selectFrom('kernel_user').select('id').where('id', '=', ann.id).forUpdate().execute();
        locked();
        await released;
      });
      await isLocked;
      try {
        const zh = await t.call('/api/queue/touch', { id: ann.id });
        const en = await t.call('/api/queue/touch', { id: ann.id }, { lang: 'en' });
        expect([zh.status, zh.body]).toMatchObject([200, { code: 0, msg: '系统繁忙，请稍后重试' }]);
        expect([en.status, en.body]).toMatchObject([200, { code: 0, msg: 'The shop is busy; please try again' }]);
      } finally {
        release();
        await holder;
      }
      const free = await t.call('/api/queue/touch', { id: ann.id });
      expect(free.body).toMatchObject({ code: 1 });
    });

    it('answers a socket message that met the same conflict with "busy" too, and the connection goes on', async () => {
      const bob = await t.createUser();
      const socket = await t.socket(bob, { lang: 'en' });
      let locked!: () => void;
      let release!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = hotTransaction(t.db).execute(async (tx) => {
        await tx.selectFrom('kernel_user').select('id').where('id', '=', bob.id).forUpdate().execute();
        locked();
        await released;
      });
      await isLocked;
      try {
        socket.send({ type: 'touch', cid: 'q1', id: bob.id });
        expect(await socket.next('error')).toEqual({ type: 'error', of: 'touch', cid: 'q1', msg: 'The shop is busy; please try again' });
      } finally {
        release();
        await holder;
      }
      socket.send({ type: 'touch', cid: 'q2', id: bob.id });
      expect(await socket.next('touched')).toMatchObject({ cid: 'q2' });
      await socket.close();
    });
  });
});
