/**
 * Fake plugins for the event tests (tests only): `bell` emits `bell.rung` in the transaction of
 * its ring call (or rolls back, when asked to refuse), and `ear` subscribes to it, writing what
 * it heard in its own table; it throws while `ear_switch.failing` is set. In a process started
 * with STOREFRONT_TEST_EAR_HANG=1 it writes, says `listening` and never finishes: a test kills
 * that process in the middle of the delivery.
 */
import type { FakePlugin } from './fake-project';

export const bellPlugin: FakePlugin = {
  descriptor: { id: 'bell', version: '1.0.0' },
  server: `
import { defineCall, shape } from '@kernel/core/contract';
import { BizError } from '@kernel/core/errors';
import * as z from 'zod/mini';
import { defineEvent } from '@kernel/server/events';
import { withId } from '@kernel/server/migrations/columns';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
import type { Generated } from 'kysely';

declare module '@kernel/server/database' {
  interface Database { bell_ring: { id: Generated<number>; note: string } }
}

export const bellRung = defineEvent<{ ringId: number; note: string }>('bell.rung');

const ring = defineCall({
  path: '/api/bell/ring',
  payload: z.object({ note: z.string(), refuse: z._default(z.boolean(), false) }),
  reply: shape<{ id: number; event: number }>(),
  summary: 'Ring the bell',
});

export default defineServerPlugin(descriptor, {
  migrations: [{ name: 'bell_001_init', up: async (db) => {
    await withId(db, db.schema.createTable('bell_ring')).addColumn('note', 'varchar(40)', (c) => c.notNull()).execute();
  } }],
  routes(api) {
    api.handle(ring, (payload, ctx) =>
      ctx.db.transaction().execute(async (tx) => {
        const row = await tx.insertInto('bell_ring').values({ note: payload.note }).returning('id').executeTakeFirstOrThrow();
        const event = await ctx.services.events.emit(tx, bellRung, { ringId: row.id, note: payload.note });
        if (payload.refuse) throw new BizError('bell:refused');
        return { id: row.id, event };
      }),
    );
  },
});
`,
  i18n: { en: { refused: 'The bell refuses' }, 'zh-Hans': { refused: '铃不响' } },
};

export const earPlugin: FakePlugin = {
  descriptor: { id: 'ear', version: '1.0.0', requires: ['bell'] },
  server: `
import { subscribe } from '@kernel/server/events';
import { withId } from '@kernel/server/migrations/columns';
import { defineServerPlugin } from '@kernel/server/plugin';
import { bellRung } from '../bell/server';
import descriptor from './plugin';
import type { Generated } from 'kysely';

declare module '@kernel/server/database' {
  interface Database {
    ear_heard: { id: Generated<number>; event_id: number; ring_id: number; note: string };
    ear_switch: { id: Generated<number>; failing: number };
  }
}

export default defineServerPlugin(descriptor, {
  migrations: [{ name: 'ear_001_init', up: async (db) => {
    await withId(db, db.schema.createTable('ear_heard'))
      .addColumn('event_id', 'integer', (c) => c.notNull())
      .addColumn('ring_id', 'integer', (c) => c.notNull())
      .addColumn('note', 'varchar(40)', (c) => c.notNull())
      .execute();
    await withId(db, db.schema.createTable('ear_switch')).addColumn('failing', 'integer', (c) => c.notNull()).execute();
    await db.insertInto('ear_switch' as never).values({ failing: 0 } as never).execute();
  } }],
  subscribers: [
    subscribe(bellRung, 'listen', async (rung, ctx) => {
      const { failing } = await ctx.tx.selectFrom('ear_switch').select('failing').executeTakeFirstOrThrow();
      if (failing) throw new Error('the ear is deaf');
      await ctx.tx.insertInto('ear_heard').values({ event_id: ctx.event.id, ring_id: rung.ringId, note: rung.note }).execute();
      if (process.env.STOREFRONT_TEST_EAR_HANG === '1') {
        ctx.log('listening');
        await new Promise(() => {});
      }
    }),
  ],
});
`,
};
