import { sql, type Kysely } from 'kysely';
import { withId } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/**
 * Agent goods: what each shopper promotes, and the goods links followed (a shopper opened goods
 * an agent shared: the latest agent per shopper and goods). Commission rows say how they were
 * earned (`via`: the buyer's inviter, or an agent's link), and one order may pay an agent and an
 * inviter on the same level: unique per order, level and earner.
 */
export const team003AgentGoods: Migration = {
  name: 'team_003_agent_goods',
  async up(db: Kysely<unknown>) {
    await withId(db, db.schema.createTable('team_agent_goods'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('team_agent_goods_user_goods').on('team_agent_goods').columns(['user_id', 'goods_id']).unique().execute();
    await withId(db, db.schema.createTable('team_referral'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('goods_id', 'integer', (c) => c.notNull())
      .addColumn('agent_id', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('team_referral_user_goods').on('team_referral').columns(['user_id', 'goods_id']).unique().execute();
    await db.schema.alterTable('team_commission').addColumn('via', 'varchar(8)', (c) => c.notNull().defaultTo(sql.lit('invite'))).execute();
    await db.schema.dropIndex('team_commission_order_level').execute();
    await db.schema.createIndex('team_commission_order_level_user').on('team_commission').columns(['order_id', 'level', 'user_id']).unique().execute();
  },
};
