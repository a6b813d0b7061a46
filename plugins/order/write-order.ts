/**
 * Writes a new order's row and its lines, in the placing transaction. Placing runs this on every
 * confirmation, so its statements are compiled once (kernel/server/db-statement.ts), and an order
 * of one line (buy now, a flash sale: the crowd's case) is one round trip on PostgreSQL: the line
 * is inserted from the order's `returning id` in the same statement. SQLite, in process, has no
 * round trip to save and no insert in a `with`: there it is two statements.
 */
import { SqliteAdapter, type Insertable } from 'kysely';
import { statement } from '@kernel/server/db-statement';
import type { Tx } from '@kernel/server/plugin';
import type { OrderGoodsTable, OrderOrderTable } from './tables';

// Types, not interfaces: a statement's arguments are a record of plain values.
export type OrderRow = Omit<Insertable<OrderOrderTable>, 'id'>;
export type OrderLineValues = Omit<Insertable<OrderGoodsTable>, 'id' | 'order_id'>;

const LINE_COLUMNS = ['goods_id', 'sku_id', 'name', 'name_en', 'image', 'spec', 'spec_en', 'price', 'quantity', 'total'] as const;
type LineColumn = (typeof LINE_COLUMNS)[number];
/** The line's values beside the order's in one record: `line_<column>`. */
type LineArgs = { [K in LineColumn as `line_${K}`]: OrderLineValues[K] };

const insertOrder = statement((db, a: OrderRow) => db.insertInto('order_order').values({ ...a }).returning('id'));
const insertLine = statement((db, a: OrderLineValues & { order_id: number }) => db.insertInto('order_goods').values({ ...a }));

const insertOrderWithLine = statement((db, a: OrderRow & LineArgs) => {
  const order = Object.fromEntries(Object.entries(a).filter(([key]) => !key.startsWith('line_'))) as OrderRow;
  return db
    .with('o', (q) => q.insertInto('order_order').values(order).returning('id'))
    .insertInto('order_goods')
    .columns(['order_id', ...LINE_COLUMNS])
    .expression((eb) => eb.selectFrom('o').select((s) => [s.ref('o.id').as('order_id'), ...LINE_COLUMNS.map((column) => s.val(a[`line_${column}`]).as(column))]))
    .returning('order_id');
});

/** Inserts the order and its lines; resolves with the order's id. */
export async function writeOrder(tx: Tx, order: OrderRow, lines: OrderLineValues[]): Promise<number> {
  if (lines.length === 1 && !(tx.getExecutor().adapter instanceof SqliteAdapter)) {
    const line = lines[0];
    const lineArgs = Object.fromEntries(LINE_COLUMNS.map((column) => [`line_${column}`, line[column] ?? ''])) as LineArgs;
    const [written] = (await insertOrderWithLine(tx, { ...order, ...lineArgs })).rows;
    return written.order_id;
  }
  const [{ id }] = (await insertOrder(tx, order)).rows;
  if (lines.length === 1) await insertLine(tx, { ...lines[0], order_id: id });
  else if (lines.length > 1) await tx.insertInto('order_goods').values(lines.map((line) => ({ ...line, order_id: id }))).execute();
  return id;
}
