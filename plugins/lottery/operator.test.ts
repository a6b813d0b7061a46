import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@kernel/server/operator-options';
import { OperatorError } from '@kernel/server/plugin';
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { lotteryContract } from './contract';
import lottery from './server';
import { DEMO_WHEEL } from './seed';
import { setWheel } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await createTestServer({ plugins: ['lottery'], seed: true, now: Date.UTC(2025, 4, 1, 4) });
});
afterAll(() => t.close());

const command = (name: string) => lottery.commands!.find((c) => c.command.startsWith(`lottery ${name}`))!;
const run = (name: string, args: string[], options: Record<string, unknown> = {}) => {
  const ctx = { db: t.db, services: t.services, settings: { drawCost: 10, dailyDraws: 5 }, site: t.site.current().file.site, siteName: 'test', extensions: t.app.storefront.extensions, t: (key: string) => key };
  return runCommand(command(name), { args, options, ctx });
};
const wheelRows = () => t.db.selectFrom('lottery_prize').selectAll().orderBy('slot').execute();

describe('storefront lottery list', () => {
  it('shows the demo wheel with weights, chances, stock and draws', async () => {
    const ann = await t.createUser({ score: 100 });
    await t.call(lotteryContract.draw, {}, { token: ann.token });
    const { lines, data } = await run('list', []);
    expect(lines[0]).toBe('the wheel of site `test`: a draw costs 10 points, 5 draws per shopper a day; 1 draws in all, 1 today (2025-05-01)');
    expect(lines[1]).toMatch(/^slot 0: 20 points, weight 30 \(27\.27 %\), stock (1000|999), [01] draws$/);
    expect(lines[2]).toMatch(/^slot 1: thanks for playing, weight 25 \(22\.73 %\), unlimited stock, \d draws$/);
    expect(lines[3]).toMatch(/^slot 2: ¥1\.00 balance, weight 10 \(9\.09 %\), stock \d+, \d draws$/);
    expect(lines).toHaveLength(9);
    expect((data as { prizes: unknown[] }).prizes).toHaveLength(DEMO_WHEEL.length);
  });
});

describe('storefront lottery prize <slot>', () => {
  it('sets a slot, which the shopper then sees', async () => {
    const { lines } = await run('prize', ['4'], { kind: 'score', amount: '50', weight: '10', stock: '100', label: '幸运 50' });
    expect(lines).toEqual(['slot 4 of site `test`: 50 points "幸运 50", weight 10, stock 100']);
    expect((await wheelRows())[4]).toMatchObject({ kind: 'score', amount: 50, weight: 10, stock: 100, label: '幸运 50', enabled: 1 });
    const ann = await t.createUser();
    const { body } = await t.call(lotteryContract.wheel, {}, { token: ann.token });
    expect(body.data.prizes[4]).toEqual({ slot: 4, kind: 'score', amount: 50, label: '幸运 50', available: true });
  });

  it('refuses bad input with every problem named, and changes nothing', async () => {
    await setWheel(t.db, DEMO_WHEEL);
    const before = await wheelRows();
    await expect(run('prize', ['9'], { kind: 'jackpot', amount: 'ten' })).rejects.toThrow(OperatorError);
    await expect(run('prize', ['9'], { kind: 'jackpot', amount: 'ten' })).rejects.toThrow(
      '<slot>: kernel:payload.too_big\n--kind: kernel:payload.option (score, balance, coupon, thanks)\n--amount: kernel:validation.amount',
    );
    await expect(run('prize', ['2'], { kind: 'balance', amount: '100000.01', stock: '3' })).rejects.toThrow('--amount of a balance prize must be yuan');
    await expect(run('prize', ['2'], { kind: 'score', amount: '5' })).rejects.toThrow('--stock is required for a score prize');
    expect(await wheelRows()).toEqual(before);
  });
});
