import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@kernel/server/operator-options';
import { OperatorError } from '@kernel/server/plugin';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { onSaleSku } from '@plugins/order/testing';
import seckill from './server';

let t: TestServer;
beforeAll(async () => {
  // 2026-03-02 10:00 in Shanghai.
  t = await createTestServer({ plugins: ['seckill'], seed: true, now: new Date('2026-03-02T02:00:00Z') });
});
afterAll(() => t.close());

const command = (name: string) => seckill.commands!.find((c) => c.command.startsWith(`seckill ${name}`))!;
const run = (name: string, args: string[], options: Record<string, unknown> = {}) => {
  const ctx = { db: t.db, services: t.services, settings: {}, site: t.site.current().file.site, siteName: 'test', extensions: t.app.storefront.extensions, t: (key: string) => key };
  return runCommand(command(name), { args, options, ctx });
};
const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(OperatorError);
  return (error as Error).message.split('\n');
};

describe('storefront seckill session add / goods add / list / close', () => {
  it('sets a sale up, lists it and closes it, taking the stock from the SKU', async () => {
    const added = await run('session add', [], { start: '2026-03-02 09:30', end: '2026-03-02 11:30' });
    const sessionId = (added.data as { id: number }).id;
    expect(added.lines).toEqual([`session ${sessionId} added: 2026-03-02 09:30 – 2026-03-02 11:30`]);
    const sku = await onSaleSku(t.db, 7, 30);
    const item = await run('goods add', [String(sessionId), String(sku.skuId)], { price: '0.99', stock: '12', quota: '2' });
    expect(item.lines[0]).toMatch(new RegExp(`^item \\d+: SKU ${sku.skuId} in session ${sessionId} at ¥0\\.99, stock 12, quota 2$`));
    expect(Number((await t.db.selectFrom('goods_sku').select('stock').where('id', '=', sku.skuId).executeTakeFirstOrThrow()).stock)).toBe(18);
    const { lines } = await run('list', []);
    expect(lines).toContain(`session ${sessionId} "09:30": 2026-03-02 09:30 – 2026-03-02 11:30, running`);
    expect(await run('close', [String(sessionId)])).toMatchObject({ lines: [`session ${sessionId} closed; its unsold stock goes back to the SKUs`] });
    expect(await refusal(run('close', [String(sessionId)]))).toEqual([`session ${sessionId} has ended or was closed already`]);
  });

  it('lists every problem at once', async () => {
    expect(await refusal(run('session add', [], { start: '2026-03-02 12:00', end: '2026-03-02 11:00' }))).toEqual(['--end (2026-03-02 11:00) must be after --start (2026-03-02 12:00)']);
    const options = await refusal(run('goods add', ['x', '0'], { price: 'abc', stock: '0', quota: '3' }));
    expect(options.length).toBeGreaterThanOrEqual(4);
    expect(options.slice(0, 2)).toEqual(['<session>: kernel:payload.integer', '<sku>: kernel:payload.too_small']);
    const session = (await run('session add', [], { start: '2026-03-02 13:00', end: '2026-03-02 14:00' })).data as { id: number };
    const sku = await onSaleSku(t.db, 8, 5);
    expect(await refusal(run('goods add', [String(session.id), String(sku.skuId)], { price: '99999', stock: '6', quota: '7' }))).toEqual([
      `--price must be below the SKU's price ¥${(sku.price / 100).toFixed(2)}`,
      "--stock 6 is more than the SKU's stock 5",
      '--quota 7 is more than --stock 6',
    ]);
  });
});
