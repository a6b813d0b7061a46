import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/**
 * A confirmation's request key now lives with the kernel (`idempotent` calls, with a fingerprint
 * of the payload and the reply): the order's own copy and its unique index go. The index first:
 * neither database drops an indexed column.
 */
export const order003KernelRequestKeys: Migration = {
  name: 'order_003_kernel_request_keys',
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('order_order_request').execute();
    await db.schema.alterTable('order_order').dropColumn('request_key').execute();
  },
};
