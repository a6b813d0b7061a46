import type { Kysely } from 'kysely';
import type { Migration } from '@kernel/server/plugin';

/**
 * A submission's request key now lives with the kernel (`idempotent` calls, with a fingerprint
 * of the payload and the reply): the cash-out's own copy and its unique index go. The index
 * first: neither database drops an indexed column.
 */
export const cash002KernelRequestKeys: Migration = {
  name: 'cash_002_kernel_request_keys',
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('cash_withdrawal_request').execute();
    await db.schema.alterTable('cash_withdrawal').dropColumn('request_key').execute();
  },
};
