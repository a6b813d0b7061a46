import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@kernel/server/db';
import type { OperatorCommand } from '@kernel/server/plugin';
import type { TestServer } from '@kernel/server/testing';
import { runOperator } from '../../cli/commands/operator';
import { storefrontInProcessOn } from '../../tests/cli/in-process';
import { storefrontOn } from '../../tests/cli/run';
import { cdkeyContract } from './contract';
import cdkey from './server';
import { cdkeyServer, violations } from './testing';

let t: TestServer;
beforeAll(async () => {
  t = await cdkeyServer();
});
afterAll(() => t.close());

const command = (name: string) => cdkey.commands?.find((c) => c.command.startsWith(`cdkey ${name}`)) as OperatorCommand;
/** As the CLI runs it: options as commander hands them over (strings), refusals as CliErrors. */
const run = (name: string, options: Record<string, unknown> = {}, args: string[] = []) => runOperator(t.app, cdkey as never, command(name), args, options);

interface Generated {
  batch_id: number;
  kind: string;
  amount: string | number;
  count: number;
  expires: string | null;
  cards: { card: string; password: string }[];
}

describe('storefront cdkey generate, list and disable', () => {
  it('prints a batch once, and a printed card redeems', async () => {
    const result = await run('generate', { count: '3', balance: '50', expires: '2026-12-31', note: '春节活动' });
    expect(result.lines.slice(0, 3)).toEqual([
      expect.stringMatching(/^batch \d+ in site `test`: 3 × ¥50\.00 balance, valid through 2026-12-31, "春节活动"$/),
      'The passwords are shown only now (the site keeps digests): store this list safely.',
      'card              password',
    ]);
    const printed = result.lines.slice(3).map((line) => line.split(/\s+/));
    expect(printed).toHaveLength(3);
    const data = result.data as Generated;
    expect(data).toMatchObject({ kind: 'balance', amount: '50.00', count: 3, expires: '2026-12-31', note: '春节活动' });
    expect(printed).toEqual(data.cards.map((c) => [c.card, c.password]));
    // Only digests are kept.
    const stored = await t.db.selectFrom('cdkey_card').selectAll().where('batch_id', '=', data.batch_id).execute();
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.password_hash))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(data.cards[0].password);

    const ann = await t.createUser();
    const [card, password] = printed[1];
    const redeemed = await t.call(cdkeyContract.applyCdkey, { card, password }, { token: ann.token });
    expect(redeemed.body.data).toMatchObject({ kind: 'balance', amount: '50.00', money: '50.00' });
    expect(await violations(t)).toEqual([]);
  });

  it('lists batches with used and unused counts, and one batch card by card', async () => {
    const score = (await run('generate', { count: '2', score: '100' })).data as Generated;
    const bob = await t.createUser({ username: 'cdkey_bob' });
    await t.call(cdkeyContract.applyCdkey, score.cards[0], { token: bob.token });

    const all = await run('list');
    expect(all.lines[0]).toMatch(new RegExp(`^batch ${score.batch_id}: 2 × 100 points, 1 used, 1 unused, never expires, created 2026-03-02 10:00:00$`));
    expect((all.data as { id: number; used: number; unused: number; amount: unknown }[]).find((b) => b.id === score.batch_id)).toMatchObject({ used: 1, unused: 1, amount: 100 });

    const one = await run('list', { batch: String(score.batch_id) });
    expect(one.lines.slice(1)).toEqual([
      `  ${score.cards[0].card}  used by cdkey_bob (user ${bob.id}) at 2026-03-02 10:00:00`,
      `  ${score.cards[1].card}  unused`,
    ]);
    await expect(run('list', { batch: '9999' })).rejects.toThrow('batch 9999 does not exist in site `test`');
    await expect(run('list', { batch: 'x' })).rejects.toThrow('--batch: Must be a whole number');
  });

  it('disables a batch: its unused cards say so, once', async () => {
    const batch = (await run('generate', { count: '1', score: '5' })).data as Generated;
    expect((await run('disable', {}, [String(batch.batch_id)])).lines).toEqual([`batch ${batch.batch_id} is disabled: its 1 unused cards no longer redeem`]);
    await expect(run('disable', {}, [String(batch.batch_id)])).rejects.toThrow(`batch ${batch.batch_id} in site \`test\` is already disabled`);
    const ann = await t.createUser();
    expect((await t.call(cdkeyContract.applyCdkey, batch.cards[0], { token: ann.token })).body.msg).toBe('该卡密已停用');
  });

  it('refuses bad combinations naming the options, and makes nothing', async () => {
    const before = await t.db.selectFrom('cdkey_batch').select('id').execute();
    await expect(run('generate', { count: '5', balance: '5', score: '5' })).rejects.toThrow('give exactly one of --balance <yuan> and --score <points>, got both');
    await expect(run('generate', { count: '0', score: '-1' })).rejects.toThrow('--count: Must be at least 1\n--score: Must be at least 1');
    await expect(run('generate', { count: '1', score: '1', expires: '2000-01-01' })).rejects.toThrow('--expires 2000-01-01 is in the past');
    expect(await t.db.selectFrom('cdkey_batch').select('id').execute()).toEqual(before);
  });

  it('makes ten thousand distinct cards in one batch', async () => {
    const { cards } = (await run('generate', { count: '10000', score: '1' })).data as Generated;
    expect(new Set(cards.map((c) => c.card)).size).toBe(10_000);
  }, 60_000);
});

describe('the storefront binary', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-cdkey-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // `cdkey generate` and `cdkey list` each once as a real process; the refusal in this one.
  const storefront = (...args: string[]) => storefrontOn(dataDir)(...args);
  const inProcess = (...args: string[]) => storefrontInProcessOn(dataDir)(...args);

  it('generates with --json, lists, and refuses a bad combination with exit code 1', async () => {
    const made = await storefront('cdkey', 'generate', '--count', '2', '--score', '100', '--json');
    expect(made.code).toBe(0);
    const data = JSON.parse(made.stdout) as Generated;
    expect(data).toMatchObject({ kind: 'score', amount: 100, count: 2 });
    expect(data.cards).toHaveLength(2);

    const db = openDatabase(path.join(dataDir, 'default.sqlite'));
    try {
      const rows = await db.selectFrom('cdkey_card').select(['card', 'password_hash']).execute();
      expect(rows.map((r) => r.card).sort()).toEqual(data.cards.map((c) => c.card).sort());
    } finally {
      await db.destroy();
    }

    const listed = await storefront('cdkey', 'list');
    expect(listed.stdout).toContain(`batch ${data.batch_id}: 2 × 100 points, 0 used, 2 unused`);
    // For a spreadsheet: the batches, or one batch's cards, as CSV.
    const batches = await inProcess('cdkey', 'list', '--csv');
    expect(batches.code).toBe(0);
    const [header, row] = batches.stdout.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(header.split(',')).toEqual(expect.arrayContaining(['id', 'kind', 'amount', 'count', 'used', 'unused']));
    expect(row.split(',')[header.split(',').indexOf('unused')]).toBe('2');
    const cards = await inProcess('cdkey', 'list', '--batch', String(data.batch_id), '--csv');
    expect(cards.stdout.trim().split('\r\n')).toHaveLength(3);
    expect(cards.stdout).toContain(data.cards[0].card);
    const both = await inProcess('cdkey', 'list', '--csv', '--json');
    expect([both.code, both.stderr]).toEqual([2, expect.stringContaining("option '--csv' cannot be used with option '--json'")]);

    const refused = await inProcess('cdkey', 'generate', '--count', '2', '--balance', '5', '--score', '5');
    expect([refused.code, refused.stderr.trim()]).toEqual([1, '✖ give exactly one of --balance <yuan> and --score <points>, got both']);
  }, 120_000);
});
