/**
 * Throwaway project roots for kernel tests: a temp folder with `plugins/<id>/plugin.ts`
 * descriptors, optional `server.ts` files and i18n, so discovery, the graph check and live
 * toggles are tested without depending on the real plugins, which evolve on their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface FakePlugin {
  /** The descriptor, written as `plugin.ts`. */
  descriptor: FakeDescriptor;
  /** Source of `server.ts` (`import descriptor from './plugin'`); may import `@kernel/...`. None: a descriptor-only plugin. */
  server?: string;
  i18n?: { en: object; 'zh-Hans': object };
}

export interface FakeProject {
  root: string;
  write(relative: string, text: string): void;
  remove(): void;
}

export interface FakeDescriptor {
  id: string;
  version: string;
  requires?: string[];
  core?: boolean;
  offers?: string[];
  fills?: string[];
  routes?: object[];
  menu?: object[];
  commands?: boolean;
  /** Source of the settings schema, a zod/mini object (`import * as z from 'zod/mini'`): `z.object({ limit: z._default(z.number(), 3) })`. */
  settings?: string;
}

/** The source of a `plugin.ts` holding this descriptor. */
export function descriptorSource({ settings, ...descriptor }: FakeDescriptor): string {
  // Extension points as `plugin.ts` lists them: values (`{ id }` is what `createExtensionPoint` makes).
  const asPoints = (ids?: string[]) => ids?.map((id) => ({ id }));
  const data = JSON.stringify({ ...descriptor, offers: asPoints(descriptor.offers), fills: asPoints(descriptor.fills) }, null, 2);
  if (settings === undefined) return `import { describePlugin } from '@kernel/core/descriptor';\n\nexport default describePlugin(${data});\n`;
  // The settings schema is code, not JSON: it goes after the data, before the closing brace.
  return `import { describePlugin } from '@kernel/core/descriptor';\nimport * as z from 'zod/mini';\n\nexport default describePlugin(${data.slice(0, -2)},\n  settings: ${settings},\n});\n`;
}

export function fakeProject(plugins: Record<string, FakePlugin>): FakeProject {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-project-'));
  const write = (relative: string, text: string) => {
    const file = path.join(root, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  for (const [id, plugin] of Object.entries(plugins)) {
    write(`plugins/${id}/plugin.ts`, descriptorSource(plugin.descriptor));
    if (plugin.server !== undefined) write(`plugins/${id}/server.ts`, plugin.server);
    if (plugin.i18n) {
      write(`plugins/${id}/i18n/en.json`, JSON.stringify(plugin.i18n.en));
      write(`plugins/${id}/i18n/zh-Hans.json`, JSON.stringify(plugin.i18n['zh-Hans']));
    }
  }
  return { root, write, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** A small but complete plugin: a table, calls with auth/owner/validation, a ledger debit, settings and a seed. */
export const wishPlugin: FakePlugin = {
  descriptor: { id: 'wish', version: '1.0.0', settings: 'z.object({ limit: z._default(z.number(), 3) })' },
  server: `
import { defineCall, shape } from '@kernel/core/contract';
import { BizError } from '@kernel/core/errors';
import * as z from 'zod/mini';
import { id, phone, text } from '@kernel/core/schemas';
import { withId } from '@kernel/server/migrations/columns';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';
import type { Generated } from 'kysely';

declare module '@kernel/server/database' {
  interface Database {
    wish_item: { id: Generated<number>; user_id: number; title: string };
  }
}

export const wishContract = {
  add: defineCall({
    path: '/api/wish/add',
    auth: 'required',
    owner: 'user_id',
    payload: z.object({ user_id: z.optional(id()), mobile: phone(), title: text(40) }),
    labels: { title: 'wish:field.title' },
    reply: shape<{ id: number }>(),
    summary: 'Add a wish',
  }),
  list: defineCall({
    path: '/api/wish/list',
    method: 'GET',
    auth: 'optional',
    payload: z.object({ page: z._default(z.coerce.number(), 1) }),
    reply: shape<{ titles: string[]; limit: number; viewer: number }>(),
    summary: 'List wishes',
  }),
  spend: defineCall({
    path: '/api/wish/spend',
    auth: 'required',
    payload: z.object({ amount: z.number(), ref: z.string() }),
    reply: shape<{ money: number }>(),
    summary: 'Pay for a wish from the balance',
  }),
  boom: defineCall({ path: '/api/wish/boom', payload: z.object({}), reply: shape<null>(), summary: 'Fails' }),
};

export default defineServerPlugin(descriptor, {
  migrations: [
    {
      name: 'wish_001_init',
      up: async (db) => {
        await withId(db, db.schema.createTable('wish_item'))
          .addColumn('user_id', 'integer', (c) => c.notNull())
          .addColumn('title', 'varchar(40)', (c) => c.notNull())
          .execute();
      },
    },
  ],
  routes(api) {
    api.handle(wishContract.add, async (payload, ctx) => {
      const user = ctx.requireUser();
      return ctx.db.transaction().execute(async (tx) => {
        const count = await tx.selectFrom('wish_item').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        if (Number(count.n) >= ctx.settings.limit) throw new BizError('wish:full', { limit: ctx.settings.limit });
        const row = await tx.insertInto('wish_item').values({ user_id: user.id, title: payload.title }).returning('id').executeTakeFirstOrThrow();
        return { id: row.id };
      });
    });
    api.handle(wishContract.list, async (_payload, ctx) => {
      const rows = await ctx.db.selectFrom('wish_item').select('title').orderBy('id').execute();
      return { titles: rows.map((r) => r.title), limit: ctx.settings.limit, viewer: ctx.user?.id ?? 0 };
    });
    api.handle(wishContract.spend, async (payload, ctx) => {
      const user = ctx.requireUser();
      const money = await ctx.db.transaction().execute((tx) =>
        ctx.services.ledger.debit(tx, { userId: user.id, account: 'money', amount: payload.amount, reason: 'wish:spend', ref: payload.ref }),
      );
      return { money };
    });
    api.handle(wishContract.boom, () => {
      throw new Error('kaboom');
    });
  },
  seed: async () => ['wish demo: nothing to log in with'],
});
`,
  i18n: {
    en: { full: 'At most {{limit}} wishes', field: { title: 'Wish' } },
    'zh-Hans': { full: '最多 {{limit}} 个心愿', field: { title: '心愿' } },
  },
};

/** A plugin that needs `wish`. */
export const fanPlugin: FakePlugin = {
  descriptor: { id: 'fan', version: '0.1.0', requires: ['wish'] },
  server: `
import { defineCall, shape } from '@kernel/core/contract';
import * as z from 'zod/mini';
import { defineServerPlugin } from '@kernel/server/plugin';
import descriptor from './plugin';

const cheer = defineCall({ path: '/api/fan/cheer', payload: z.object({}), reply: shape<{ ok: boolean }>(), summary: 'Cheer' });

export default defineServerPlugin(descriptor, {
  routes(api) {
    api.handle(cheer, () => ({ ok: true }));
  },
  seed: async () => ['fan demo seeded'],
});
`,
};
