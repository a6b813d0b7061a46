import type { Kysely } from 'kysely';
import { widenText } from '@kernel/server/migrations/columns';
import type { Migration } from '@kernel/server/plugin';

/** Order sources are now any plugin's (`orderSources`), with ids of up to 32 characters (the contract's rule). */
export const order006SourceId: Migration = {
  name: 'order_006_source_id',
  async up(db: Kysely<unknown>) {
    await widenText(db, 'order_order', 'source', 32);
  },
};
