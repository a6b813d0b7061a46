/**
 * Demo data: each enabled plugin's `seed` runs once, in dependency order, recorded in
 * `kernel_seed` with the lines it wants printed on every start (e.g. the demo logins). Only
 * `storefront start --demo` and `storefront seed` run it: a shop opens empty.
 */
import type { FastifyInstance } from 'fastify';
import { withExclusiveLock } from './dialect';

export interface SeedResult {
  /** Plugins seeded by this run. */
  seeded: string[];
}

/** Several nodes starting at once on one PostgreSQL seed in turn: the later ones find it done. */
export async function seedSite(app: FastifyInstance): Promise<SeedResult> {
  return withExclusiveLock(app.storefront.db, 'storefront:seed', () => seedOnce(app));
}

async function seedOnce(app: FastifyInstance): Promise<SeedResult> {
  const { db, services, site, registry, clock } = app.storefront;
  const done = new Set((await db.selectFrom('kernel_seed').select('plugin').execute()).map((r) => r.plugin));
  const seeded: string[] = [];
  for (const id of site.current().enabled) {
    const plugin = registry.get(id);
    if (!plugin?.seed || done.has(id)) continue;
    let notes: string[] | void;
    try {
      notes = await plugin.seed({ db, services });
    } catch (error) {
      throw new Error(`seeding plugin \`${id}\` failed: ${(error as Error).message}`, { cause: error });
    }
    await db
      .insertInto('kernel_seed')
      .values({ plugin: id, notes: JSON.stringify(notes ?? []), seeded_at: Math.floor(clock.now() / 1000) })
      .execute();
    seeded.push(id);
  }
  return { seeded };
}

/** The stored lines of every seeded plugin, in load order. */
export async function seedNotes(app: FastifyInstance): Promise<string[]> {
  const { db, registry } = app.storefront;
  const rows = await db.selectFrom('kernel_seed').select(['plugin', 'notes']).execute();
  const order = registry.plugins.map((p) => p.id);
  return rows
    .sort((a, b) => order.indexOf(a.plugin) - order.indexOf(b.plugin))
    .flatMap((row) => {
      try {
        const lines: unknown = JSON.parse(row.notes);
        return Array.isArray(lines) ? lines.map(String) : [];
      } catch {
        return [];
      }
    });
}

/**
 * The demo logins (each plugin's `demoLogins`) whose published password still opens the account,
 * as `username / password`: a shop must not serve them. Checked with the password hash, so an
 * account renamed or given a new password is fine.
 */
export async function demoLoginsInUse(app: FastifyInstance): Promise<string[]> {
  const { db, services, registry } = app.storefront;
  const inUse: string[] = [];
  for (const login of registry.plugins.flatMap((p) => p.demoLogins ?? [])) {
    const user = await services.users.find(db, { username: login.username });
    if (user && (await services.users.verifyPassword(user.id, login.password))) inUse.push(`${login.username} / ${login.password}`);
  }
  return inUse;
}

