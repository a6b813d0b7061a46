import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { defineCall, shape } from '../core/contract';
import { empty } from '../core/schemas';
import { registerCall, type CallDeps } from './call-route';
import { postgresOf } from './dialect';
import { serveFakeProject } from './fake-project-server';
import { canonicalJson, fingerprint, KEEP_SECONDS } from './idempotency';
import { testPostgresUrl } from './test-database';
import type { TestServer } from './testing';

/**
 * A test call that books an amount: a row per effect, and a reply no second run could repeat
 * (a random stamp), so equal replies prove the stored one was answered.
 */
const tallyServer = `
import { randomUUID } from 'node:crypto';
import { sql, type Generated } from 'kysely';
import * as z from 'zod/mini';
import { defineCall, shape } from '@kernel/core/contract';
import { BizError } from '@kernel/core/errors';
import { requestKey } from '@kernel/core/schemas';
import { isSqlite } from '@kernel/server/dialect';
import { hotTransaction } from '@kernel/server/hot-transaction';
import { withId } from '@kernel/server/migrations/columns';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

declare module '@kernel/server/database' {
  interface Database {
    tally_item: { id: Generated<number>; user_id: number; amount: number };
    tally_attempt: { id: Generated<number>; user_id: number };
  }
}

const payload = z.object({ amount: z.number(), note: z.optional(z.string()), request_key: z.optional(requestKey()) });
type Booked = { id: number; amount: number; stamp: string; isolation: string };

export const tallyContract = {
  add: defineCall({ path: '/api/tally/add', auth: 'required', payload, reply: shape<Booked>(), summary: 'Book an amount once per key' }),
  hot: defineCall({ path: '/api/tally/hot', auth: 'required', payload, reply: shape<Booked>(), summary: 'Book an amount at READ COMMITTED' }),
  counted: defineCall({ path: '/api/tally/counted', auth: 'required', payload, reply: shape<Booked>(), summary: 'Book an amount, counting every attempt' }),
  quick: defineCall({ path: '/api/tally/quick', auth: 'required', payload, reply: shape<Booked>(), summary: 'Book an amount unless closed, known from memory' }),
};

/** This node's memory: the test closes the tally (globalThis, shared with the test's module). */
const closed = () => (globalThis as { tallyClosed?: boolean }).tallyClosed === true;

export default defineServerPlugin(descriptor, {
  migrations: [
    {
      name: 'tally_001_init',
      up: async (db) => {
        await withId(db, db.schema.createTable('tally_item'))
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('amount', 'integer', (c) => c.notNull())
          .execute();
        await withId(db, db.schema.createTable('tally_attempt')).addColumn('user_id', 'integer', (c) => c.notNull()).execute();
      },
    },
  ],
  routes(api) {
    const book = (transaction: 'plain' | 'hot') => async (p: z.output<typeof payload>, ctx: any): Promise<Booked> => {
      const userId = ctx.requireUser().id;
      const run = transaction === 'hot' ? hotTransaction(ctx.db) : ctx.db.transaction();
      return run.execute(async (tx: any) => {
        if (p.amount < 0) throw new BizError('tally:negative');
        const row = await tx.insertInto('tally_item').values({ user_id: userId, amount: p.amount }).returning('id').executeTakeFirstOrThrow();
        const isolation = isSqlite(tx) ? 'sqlite' : (await sql\`show transaction_isolation\`.execute(tx)).rows[0].transaction_isolation;
        return { id: row.id, amount: p.amount, stamp: randomUUID(), isolation };
      });
    };
    api.handle(tallyContract.add, book('plain'), { idempotent: true });
    api.handle(tallyContract.hot, book('hot'), { idempotent: true, isolation: 'read committed' });
    api.handle(tallyContract.counted, book('plain'), {
      idempotent: true,
      before: async (_p, ctx) => {
        await ctx.db.insertInto('tally_attempt').values({ user_id: ctx.requireUser().id }).execute();
      },
    });
    api.handle(tallyContract.quick, book('hot'), {
      idempotent: true,
      isolation: 'read committed',
      refuseEarly: () => {
        if (closed()) throw new BizError('tally:closed');
      },
    });
  },
});
`;

serveFakeProject(
  {
    tally: {
      descriptor: { id: 'tally', version: '1.0.0' },
      server: tallyServer,
      i18n: { en: { negative: 'The amount must not be negative', closed: 'The tally is closed' }, 'zh-Hans': { negative: '金额不能为负', closed: '已停止记账' } },
    },
  },
  (server) => (t = server),
);
let t: TestServer;

type Booked = { id: number; amount: number; stamp: string; isolation: string };
const KEY = 'k'.repeat(8);
let keys = 0;
const newKey = () => `key-${++keys}-${'x'.repeat(8)}`;

const effects = async (userId: number) =>
  Number((await t.db.selectFrom('tally_item' as never).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id' as never, '=', userId as never).executeTakeFirstOrThrow()).n);
const storedKeys = async (key: string) => (await t.db.selectFrom('kernel_request').select('id').where('request_key', '=', key).execute()).length;
const add = (token: string, payload: object, lang?: 'en') => t.call<Booked>('/api/tally/add', payload, { token, lang });

describe('an idempotent call', () => {
  it('does the work once for one key and one payload sent 20 times at once, and answers all 20 alike', async () => {
    const ann = await t.createUser();
    const replies = await Promise.all(Array.from({ length: 20 }, () => add(ann.token, { amount: 5, request_key: KEY })));
    expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(replies.map((r) => r.body.code)).toEqual(Array(20).fill(1));
    const first = JSON.stringify(replies[0].body.data);
    expect(replies.map((r) => JSON.stringify(r.body.data))).toEqual(Array(20).fill(first));
    expect(await effects(ann.id)).toBe(1);
    expect(await storedKeys(KEY)).toBe(1);
  });

  it('answers a later repeat with the first reply, byte for byte, doing nothing more', async () => {
    const ann = await t.createUser();
    const key = newKey();
    const first = await add(ann.token, { amount: 7, note: 'a', request_key: key });
    // The same payload with its fields in another order is the same payload.
    const again = await t.app.inject({ method: 'POST', url: '/api/tally/add', headers: { ...t.signedHeaders(), Token: ann.token, 'content-type': 'application/json' }, payload: `{"request_key":"${key}","note":"a","amount":7}` });
    expect(JSON.stringify(again.json().data)).toBe(JSON.stringify(first.body.data));
    expect(await effects(ann.id)).toBe(1);
  });

  it('refuses the same key with another payload, in the shopper language, and does nothing', async () => {
    const ann = await t.createUser();
    const key = newKey();
    expect((await add(ann.token, { amount: 5, request_key: key })).body.code).toBe(1);
    const other = await add(ann.token, { amount: 6, request_key: key });
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ code: 0, msg: '这个请求已用于另一笔操作，请刷新后重试' });
    const english = await add(ann.token, { amount: 5, note: 'changed', request_key: key }, 'en');
    expect(english.body).toMatchObject({ code: 0, msg: 'This request was already used for another operation; please refresh and try again' });
    expect(await effects(ann.id)).toBe(1);
  });

  it('leaves no key behind when the work is refused, so the fixed form can be sent with the same key', async () => {
    const ann = await t.createUser();
    const key = newKey();
    const refused = await Promise.all(Array.from({ length: 5 }, () => add(ann.token, { amount: -1, request_key: key })));
    expect(refused.map((r) => r.body)).toEqual(Array(5).fill(expect.objectContaining({ code: 0, msg: '金额不能为负' })));
    expect(await storedKeys(key)).toBe(0);
    expect(await effects(ann.id)).toBe(0);
    expect((await add(ann.token, { amount: 3, request_key: key })).body).toMatchObject({ code: 1, data: { amount: 3 } });
    expect(await effects(ann.id)).toBe(1);
  });

  it("keeps each shopper's keys apart, and runs every request sent without a key", async () => {
    const [ann, bob] = [await t.createUser(), await t.createUser()];
    const key = newKey();
    await add(ann.token, { amount: 1, request_key: key });
    expect((await add(bob.token, { amount: 2, request_key: key })).body).toMatchObject({ code: 1, data: { amount: 2 } });
    await add(bob.token, { amount: 2 });
    await add(bob.token, { amount: 2 });
    expect([await effects(ann.id), await effects(bob.id)]).toEqual([1, 3]);
  });

  it('forgets a key after a day', async () => {
    const ann = await t.createUser();
    const key = newKey();
    const first = await add(ann.token, { amount: 4, request_key: key });
    t.clock.advance((KEEP_SECONDS + 120) * 1000);
    const { token } = await t.login(ann.username, ann.password);
    const later = await add(token, { amount: 4, request_key: key });
    expect(later.body.data.stamp).not.toBe(first.body.data.stamp);
    expect(await effects(ann.id)).toBe(2);
    expect(await storedKeys(key)).toBe(1);
  });

  it('runs a hot call in one READ COMMITTED transaction on PostgreSQL, once for 20 racing twins', async () => {
    const ann = await t.createUser();
    const key = newKey();
    const replies = await Promise.all(Array.from({ length: 20 }, () => t.call<Booked>('/api/tally/hot', { amount: 9, request_key: key }, { token: ann.token })));
    expect(new Set(replies.map((r) => JSON.stringify(r.body)).map((b) => b.replace(/"time":\d+,?/, ''))).size).toBe(1);
    expect(replies[0].body.data.isolation).toBe(postgresOf(t.db) ? 'read committed' : 'sqlite');
    expect(await effects(ann.id)).toBe(1);
  });
});

describe.skipIf(!testPostgresUrl())('an idempotent call on two API nodes', () => {
  it('does the work once for twins split between the nodes, on both isolation levels', async () => {
    const b = await t.anotherNode();
    const ann = await t.createUser();
    for (const path of ['/api/tally/add', '/api/tally/hot']) {
      const key = newKey();
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? b : t).call<Booked>(path, { amount: 8, request_key: key }, { token: ann.token })));
      expect(replies.map((r) => r.body.code)).toEqual(Array(20).fill(1));
      expect(new Set(replies.map((r) => JSON.stringify(r.body.data))).size).toBe(1);
    }
    expect(await effects(ann.id)).toBe(2);
  });
});

describe('work before an idempotent call', () => {
  const attempts = async (userId: number) =>
    Number((await t.db.selectFrom('tally_attempt' as never).select((eb) => eb.fn.countAll<number>().as('n')).where('user_id' as never, '=', userId as never).executeTakeFirstOrThrow()).n);
  const counted = (token: string, payload: object) => t.call<Booked>('/api/tally/counted', payload, { token });

  it('stands when the call is refused, and is not done again for a repeat the stored reply answers', async () => {
    const ann = await t.createUser();
    const key = newKey();
    expect((await counted(ann.token, { amount: -1, request_key: key })).body.code).toBe(0);
    expect(await attempts(ann.id)).toBe(1);
    const first = await counted(ann.token, { amount: 2, request_key: key });
    expect((await counted(ann.token, { amount: 2, request_key: key })).body).toEqual(first.body);
    expect(await attempts(ann.id)).toBe(2);
    await counted(ann.token, { amount: 2 });
    expect([await attempts(ann.id), await effects(ann.id)]).toEqual([3, 2]);
  });
});

describe('an early refusal from memory', () => {
  const quick = (token: string, payload: object, lang?: 'en') => t.call<Booked>('/api/tally/quick', payload, { token, lang });
  const setClosed = (value: boolean) => ((globalThis as { tallyClosed?: boolean }).tallyClosed = value);

  it('refuses in the shopper language and writes nothing, not even the key', async () => {
    const ann = await t.createUser();
    const key = newKey();
    setClosed(true);
    try {
      const refused = await quick(ann.token, { amount: 3, request_key: key }, 'en');
      expect(refused.body).toMatchObject({ code: 0, msg: 'The tally is closed' });
      expect((await quick(ann.token, { amount: 3 })).body).toMatchObject({ code: 0, msg: '已停止记账' });
      expect([await storedKeys(key), await effects(ann.id)]).toEqual([0, 0]);
    } finally {
      setClosed(false);
    }
    expect((await quick(ann.token, { amount: 3, request_key: key })).body.code).toBe(1);
    expect([await storedKeys(key), await effects(ann.id)]).toEqual([1, 1]);
  });

  it('answers a repeat of a key that was served with its stored reply, and refuses a new key', async () => {
    const ann = await t.createUser();
    const key = newKey();
    const first = await quick(ann.token, { amount: 4, request_key: key });
    expect(first.body.code).toBe(1);
    setClosed(true);
    try {
      expect((await quick(ann.token, { amount: 4, request_key: key })).body).toEqual(first.body);
      // Another payload on the key is still told the key was used, not that the tally is closed.
      expect((await quick(ann.token, { amount: 5, request_key: key })).body.msg).not.toBe('已停止记账');
      expect((await quick(ann.token, { amount: 4, request_key: newKey() })).body).toMatchObject({ code: 0, msg: '已停止记账' });
    } finally {
      setClosed(false);
    }
    expect(await effects(ann.id)).toBe(1);
  });
});

describe('the fingerprint', () => {
  it('is the payload without its key, whatever the order of its fields', () => {
    expect(fingerprint({ b: 1, a: { y: [1, { d: 2, c: 3 }], x: null }, request_key: 'one' })).toBe(fingerprint({ a: { x: null, y: [1, { c: 3, d: 2 }] }, b: 1, request_key: 'two' }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 2 }));
    expect(canonicalJson({ b: [2, 1], a: 'x', skipped: undefined })).toBe('{"a":"x","b":[2,1]}');
  });
});

describe('declaring an idempotent call', () => {
  it('names the plugin and the call when it takes no login or no request key', () => {
    const app = Fastify();
    const deps = {} as CallDeps;
    const open = defineCall({ path: '/api/tally/open', payload: empty(), reply: shape<null>(), summary: 'No login' });
    expect(() => registerCall(app, { plugin: 'tally', call: open, handler: () => null, options: { idempotent: true } }, deps)).toThrow(
      "plugin `tally`: the idempotent call /api/tally/open must require a login (auth: 'required') and take `request_key: requestKey()` in its payload",
    );
    const keyless = defineCall({ path: '/api/tally/keyless', auth: 'required', payload: empty(), reply: shape<null>(), summary: 'No key' });
    expect(() => registerCall(app, { plugin: 'tally', call: keyless, handler: () => null, options: { idempotent: true } }, deps)).toThrow(/keyless must require a login/);
  });
});
