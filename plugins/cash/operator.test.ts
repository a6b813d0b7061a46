import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@kernel/server/db';
import type { OperatorCommand } from '@kernel/server/plugin';
import type { TestUser } from '@kernel/server/testing';
import { runOperator } from '../../cli/commands/operator';
import { storefrontInProcessOn } from '../../tests/cli/in-process';
import { storefrontOn } from '../../tests/cli/run';
import { cashContract } from './contract';
import { CARDS } from './fixtures';
import cash from './server';
import { cashFixture, type CashFixture } from './testing';

let f: CashFixture;
beforeAll(async () => {
  f = await cashFixture({ dailyLimit: 0 });
});
afterAll(() => f.t.close());
afterEach(() => f.expectBooksBalance());

const command = (name: string) => cash.commands?.find((c) => c.command.startsWith(`cash ${name}`)) as OperatorCommand;
/** As the CLI runs it: options as commander hands them over, refusals as CliErrors (exit code 1). */
const run = (name: string, args: string[] = [], options: Record<string, unknown> = {}) => runOperator(f.t.app, cash as never, command(name), args, options);

/** A shopper who requested a cash-out of `amount` yuan from a balance of ¥500.00. */
async function requested(amount = '100.00') {
  const user = await f.shopper(50_000);
  const card = await f.card(user);
  const { body } = await f.t.call(cashContract.applyCash, { amount, bank_id: card.id }, { token: user.token });
  if (body.code !== 1) throw new Error(body.msg);
  return { user, id: body.data.id };
}

const stateOf = async (id: number) => (await f.t.db.selectFrom('cash_withdrawal').select(['state', 'reason']).where('id', '=', id).executeTakeFirstOrThrow());
const refunds = (id: number) => f.t.db.selectFrom('kernel_ledger').select('amount').where('reason', '=', 'cash:ledger.refund').where('ref', '=', String(id)).execute();
const logOf = async (user: TestUser) => (await f.t.call(cashContract.cashLog, {}, { token: user.token })).body.data.list;

describe('storefront cash review and pay', () => {
  it('approves a pending cash-out, then marks it paid; the shopper sees each state', async () => {
    const { user, id } = await requested('100.00');
    const approved = await run('review', [String(id)], { approve: true });
    expect(approved.lines).toEqual([`cash-out ${id} approved: transfer ¥100.00 to 中国农业银行 ${CARDS.abc} (王小明), then \`storefront cash pay ${id}\``]);
    expect((await logOf(user))[0]).toMatchObject({ state: 1, state_text: '已通过' });
    const paid = await run('pay', [String(id)]);
    expect(paid.data).toEqual({ id, state: 3, state_name: 'paid' });
    expect((await logOf(user))[0]).toMatchObject({ state: 3, state_text: '已到账', paytime: expect.any(Number) });
    expect(await f.money(user)).toBe(40_000);
    expect(await refunds(id)).toEqual([]);
  });

  it('rejects with a reason the shopper reads, and returns the held amount', async () => {
    const { user, id } = await requested('100.00');
    const result = await run('review', [String(id)], { reject: true, reason: ' 持卡人与实名不符 ' });
    expect(result.lines).toEqual([`cash-out ${id} rejected: ¥100.00 returned to ${user.username}'s balance`]);
    expect(await stateOf(id)).toEqual({ state: 2, reason: '持卡人与实名不符' });
    expect(await refunds(id)).toEqual([{ amount: 10_000 }]);
    const refund = await f.t.db.selectFrom('kernel_ledger').select('memo').where('reason', '=', 'cash:ledger.refund').where('ref', '=', String(id)).executeTakeFirstOrThrow();
    expect(refund.memo).toBe(`中国农业银行 ****${CARDS.abc.slice(-4)}`);
    expect(await f.money(user)).toBe(50_000);
    expect((await logOf(user))[0]).toMatchObject({ state: 2, reason: '持卡人与实名不符' });
  });

  it('refunds once when the same cash-out is rejected by many reviews at once', async () => {
    const { user, id } = await requested('100.00');
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => run('review', [String(id)], { reject: true, reason: '重复审核' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(refusals).toEqual(Array(7).fill(`cash-out ${id} is rejected; only a pending cash-out can be reviewed`));
    expect(await refunds(id)).toEqual([{ amount: 10_000 }]);
    expect(await f.money(user)).toBe(50_000);
  });

  it('never both approves and rejects a cash-out reviewed twice at once', async () => {
    const { user, id } = await requested('100.00');
    const results = await Promise.allSettled([run('review', [String(id)], { approve: true }), run('review', [String(id)], { reject: true, reason: '冲突' })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const { state } = await stateOf(id);
    expect(await f.money(user)).toBe(state === 2 ? 50_000 : 40_000);
  });

  const refusals: [string, string, Record<string, unknown>, (id: number) => string][] = [
    ['both flags', 'review', { approve: true, reject: true, reason: 'x' }, (id) => `cash-out ${id}: choose one of --approve and --reject, not both`],
    ['neither flag', 'review', {}, (id) => `cash-out ${id}: say --approve or --reject`],
    ['a rejection without a reason', 'review', { reject: true }, (id) => `cash-out ${id}: --reject needs --reason "…" (the shopper reads it)`],
    ['a blank reason', 'review', { reject: true, reason: '   ' }, (id) => `cash-out ${id}: --reject needs --reason "…" (the shopper reads it)`],
    ['a reason with an approval', 'review', { approve: true, reason: 'ok' }, (id) => `cash-out ${id}: --reason goes with --reject only`],
    ['a reason over 200 characters', 'review', { reject: true, reason: '长'.repeat(201) }, () => '--reason: At most 200 characters'],
    ['paying a pending cash-out', 'pay', {}, (id) => `cash-out ${id} is pending; only an approved cash-out can be marked paid`],
  ];
  it.each(refusals)('refuses %s with exit code 1, naming the cash-out, and changes nothing', async (_case, name, options, message) => {
    const { user, id } = await requested();
    await expect(run(name, [String(id)], options)).rejects.toMatchObject({ message: message(id), exitCode: 1 });
    expect(await stateOf(id)).toEqual({ state: 0, reason: '' });
    expect(await f.money(user)).toBe(40_000);
  });

  it('refuses unknown and malformed ids, and a second review or payment', async () => {
    await expect(run('review', ['999999'], { approve: true })).rejects.toMatchObject({ message: 'cash-out 999999 does not exist in site `test`', exitCode: 1 });
    await expect(run('pay', ['abc'])).rejects.toMatchObject({ message: '<cash-id>: Must be a whole number', exitCode: 1 });
    await expect(run('pay', ['0'])).rejects.toMatchObject({ message: '<cash-id>: Must be at least 1', exitCode: 1 });
    const { id } = await requested();
    await run('review', [String(id)], { approve: true });
    await expect(run('review', [String(id)], { reject: true, reason: '晚了' })).rejects.toMatchObject({ message: `cash-out ${id} is approved; only a pending cash-out can be reviewed` });
    await run('pay', [String(id)]);
    await expect(run('pay', [String(id)])).rejects.toMatchObject({ message: `cash-out ${id} is paid; only an approved cash-out can be marked paid` });
  });
});

describe('storefront cash list', () => {
  it('lists the newest cash-outs with shopper, state, amounts and the full card to pay to; --state filters', async () => {
    const first = await requested('10.00');
    const second = await requested('20.00');
    await run('review', [String(first.id)], { reject: true, reason: '信息有误' });
    const all = await run('list', [], { limit: '2' });
    expect(all.lines).toEqual([
      expect.stringMatching(new RegExp(`^${second.id}  ${second.user.username}  pending  ¥20\\.00 \\(fee 0\\.00, pay ¥20\\.00\\)  中国农业银行 ${CARDS.abc} 王小明  2026-03-02 10:00:00$`)),
      expect.stringMatching(new RegExp(`^${first.id}  ${first.user.username}  rejected  ¥10\\.00 .*  reason: 信息有误$`)),
    ]);
    const pending = (await run('list', [], { state: 'pending', limit: '100' })).data as { id: number; state_name: string }[];
    expect(pending.map((r) => r.id)).toContain(second.id);
    expect(pending.every((r) => r.state_name === 'pending')).toBe(true);
  });

  it('says so when there are none', async () => {
    const empty = await cashFixture();
    try {
      const list = (options: Record<string, unknown>) => runOperator(empty.t.app, cash as never, command('list'), [], options);
      expect((await list({ state: 'paid' })).lines).toEqual(['no paid cash-outs in site `test`']);
      expect((await list({})).lines).toEqual(['no cash-outs in site `test`']);
    } finally {
      await empty.t.close();
    }
  });

  it('refuses an unknown state or a bad limit, both at once, naming the options', async () => {
    await expect(run('list', [], { state: 'done' })).rejects.toMatchObject({ message: '--state: Not one of the options (pending, approved, rejected, paid)', exitCode: 1 });
    await expect(run('list', [], { limit: '0' })).rejects.toMatchObject({ message: '--limit: Must be at least 1' });
    await expect(run('list', [], { state: 'done', limit: 'all' })).rejects.toMatchObject({
      message: '--state: Not one of the options (pending, approved, rejected, paid)\n--limit: Must be a whole number',
    });
  });
});

describe('the cash invariants (storefront doctor)', () => {
  const cashViolations = async () => Object.fromEntries(await Promise.all((cash.invariants ?? []).map(async (i) => [i.id, await i.check(f.t.db)] as const)));

  it('name a cash-out whose hold is missing, and a refund without a rejection', async () => {
    const { id } = await requested();
    const rejected = await requested();
    await run('review', [String(rejected.id)], { reject: true, reason: '测试' });
    expect(await cashViolations()).toEqual({ 'held-once': [], 'ledger-rows-have-cash-outs': [] });
    // Break the books on purpose (outside the ledger service), then restore them.
    await f.t.db.updateTable('cash_withdrawal').set({ state: 0 }).where('id', '=', rejected.id).execute();
    await f.t.db.updateTable('kernel_ledger').set({ ref: 'gone' }).where('reason', '=', 'cash:ledger.apply').where('ref', '=', String(id)).execute();
    const found = await cashViolations();
    expect(found['held-once']).toEqual([
      `cash-out ${id} (state 0, amount 10000): 0 debits of 0, 0 refunds of 0`,
      `cash-out ${rejected.id} (state 0, amount 10000): 1 debits of -10000, 1 refunds of 10000`,
    ]);
    expect(found['ledger-rows-have-cash-outs']).toEqual([expect.stringMatching(/^ledger row \d+ \(user \d+, cash:ledger\.apply, ref gone\): no such cash-out of that user$/)]);
    await f.t.db.updateTable('cash_withdrawal').set({ state: 2 }).where('id', '=', rejected.id).execute();
    await f.t.db.updateTable('kernel_ledger').set({ ref: String(id) }).where('reason', '=', 'cash:ledger.apply').where('ref', '=', 'gone').execute();
  });
});

describe('the storefront binary', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-cash-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // `cash review`, `cash list` and `cash pay` each once as a real process; the rest in this one.
  const storefront = (...args: string[]) => storefrontOn(dataDir)(...args);
  const inProcess = (...args: string[]) => storefrontInProcessOn(dataDir)(...args);

  it('reads the flags as the commands declare them, refusing with exit code 1', async () => {
    const both = await storefront('cash', 'review', '7', '--approve', '--reject', '--reason', '重复');
    expect([both.code, both.stderr.trim()]).toEqual([1, '✖ cash-out 7: choose one of --approve and --reject, not both']);
    const unknown = await inProcess('cash', 'review', '7', '--reject', '--reason', '卡号有误');
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, '✖ cash-out 7 does not exist in site `default`']);

    expect((await inProcess('user', 'add', 'cli_cash', '--password', 'secret123')).code).toBe(0);
    const db = openDatabase(path.join(dataDir, 'default.sqlite'));
    try {
      // A pending cash-out as the site holds it: a granted ¥10.00, the row, and the debit of its amount.
      const user = await db.selectFrom('kernel_user').select('id').where('username', '=', 'cli_cash').executeTakeFirstOrThrow();
      const row = await db
        .insertInto('cash_withdrawal')
        .values({ user_id: user.id, card_id: 1, state: 0, amount: 1000, fee: 0, actual: 1000, holder: '王小明', bank: '中国农业银行', card_no: CARDS.abc, created_at: 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const booking = { user_id: user.id, account: 'money' as const, memo: '', created_at: 0 };
      await db
        .insertInto('kernel_ledger')
        .values([
          { ...booking, amount: 1000, balance_after: 1000, reason: 'kernel:ledger.grant', ref: 'cli-test' },
          { ...booking, amount: -1000, balance_after: 0, reason: 'cash:ledger.apply', ref: String(row.id) },
        ])
        .execute();
    } finally {
      await db.destroy();
    }
    const listed = await storefront('cash', 'list', '--state', 'pending', '--json');
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject([{ username: 'cli_cash', state_name: 'pending', amount: 1000, card_no: CARDS.abc }]);
    const rejected = await inProcess('cash', 'review', '1', '--reject', '--reason', '卡号有误');
    expect([rejected.code, rejected.stdout.trim()]).toEqual([0, "cash-out 1 rejected: ¥10.00 returned to cli_cash's balance"]);
    const paid = await storefront('cash', 'pay', '1');
    expect([paid.code, paid.stderr.trim()]).toEqual([1, '✖ cash-out 1 is rejected; only an approved cash-out can be marked paid']);
  }, 120_000);
});
