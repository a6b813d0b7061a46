import path from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@kernel/server/db';
import * as z from 'zod/mini';
import { optionalText, whole } from '@kernel/core/schemas';
import { defineCommand, flag, option } from '@kernel/server/operator-options';
import type { ServerPlugin } from '@kernel/server/plugin';
import { copyProject, type ProjectCopy } from '../../tests/cli/project-copy';
import { BUILT_IN_COMMANDS } from '../built-ins';
import { mountOperatorCommands, parseCommandSpec } from './operator';

const ctx = { root: '/nowhere', env: {}, cwd: '/nowhere', out: () => {}, err: () => {} };
const withCommands = (id: string, ...commands: string[]) =>
  ({ id, version: '1.0.0', commands: commands.map((command) => ({ command, description: 'd', run: async () => ({ lines: [], data: null }) })) }) as ServerPlugin;

describe('mounting operator commands', () => {
  it('reads group, name and arguments from the declaration', () => {
    expect(parseCommandSpec('order ship <order-no>')).toEqual({ group: 'order', name: 'ship', args: ['<order-no>'] });
    expect(parseCommandSpec('cash review [id]')).toEqual({ group: 'cash', name: 'review', args: ['[id]'] });
    expect(parseCommandSpec('ship')).toBeNull();
    expect(parseCommandSpec('seckill goods add <session> <sku>')).toEqual({ group: 'seckill', topic: 'goods', name: 'add', args: ['<session>', '<sku>'] });
    expect(parseCommandSpec('order ship <order-no> now')).toBeNull();
    expect(parseCommandSpec('a b c d')).toBeNull();
  });

  it("mounts a plugin's commands under its id and refuses others' groups, built-ins, duplicates and malformed ones, naming the plugin", () => {
    const program = new Command('storefront');
    for (const name of BUILT_IN_COMMANDS) program.addCommand(new Command(name));
    const problems = mountOperatorCommands(
      program,
      ctx,
      [
        withCommands('order', 'order ship <no>', 'order cancel <no>', 'order ship <no>'),
        withCommands('rogue', 'order refund <no>', 'oops'),
        withCommands('doctor', 'doctor heal'),
        {
          id: 'cash',
          version: '1.0.0',
          commands: [{ command: 'cash pay <cash-id>', description: 'd', arguments: z.object({ id: whole() }), run: async () => ({ lines: [], data: null }) }],
        } as ServerPlugin,
      ],
      BUILT_IN_COMMANDS,
    );
    expect(program.commands.find((c) => c.name() === 'order')?.commands.map((c) => c.name())).toEqual(['ship', 'cancel']);
    expect(problems.map((p) => p.message)).toEqual([
      'plugin `order` declares command `order ship` twice',
      'plugin `rogue` declares command "order refund <no>": a plugin\'s commands live under `storefront rogue …`',
      'plugin `rogue` declares command "oops", which is not "<group> [<topic>] <name> [<arg>…]"',
      'plugin `doctor` declares command `doctor heal`, but `doctor` is a built-in command',
      'plugin `cash` declares command `cash pay` with arguments that do not match their schema: no schema for cashId; id in its schema is no argument',
    ]);
  });
});

describe('options declared as a schema', () => {
  it('become the command\'s commander options, with their help, value names and defaults', () => {
    const program = new Command('storefront');
    const plugin = {
      id: 'wish',
      version: '1.0.0',
      commands: [
        defineCommand({
          command: 'wish add <title>',
          description: 'add a wish',
          options: z.object({
            nameEn: option(optionalText(60), 'the English title', 'text'),
            total: option(z._default(whole({ min: 1 }), 100), 'how many', 'n'),
            hidden: flag('not listed'),
          }),
          run: async ({ options }) => ({ lines: [], data: options }),
        }),
      ],
    } as ServerPlugin;
    expect(mountOperatorCommands(program, ctx, [plugin], BUILT_IN_COMMANDS)).toEqual([]);
    const add = program.commands.find((c) => c.name() === 'wish')?.commands.find((c) => c.name() === 'add');
    expect(add?.options.map((o) => [o.flags, o.description, o.defaultValue])).toEqual([
      ['--name-en <text>', 'the English title', undefined],
      ['--total <n>', 'how many', '100'],
      ['--hidden', 'not listed', undefined],
      ['--site <name>', expect.any(String), undefined],
      ['--data-dir <dir>', expect.any(String), undefined],
      ['--database-url <url>', expect.any(String), undefined],
      ['--json', expect.any(String), undefined],
    ]);
  });
});

// `goods stock` and `goods shelve` run once each as a real process (copy.storefront); the seed and the other runs of them in this one.
describe('storefront goods … (operator commands of the goods plugin)', () => {
  let copy: ProjectCopy;
  let dataDir: string;
  beforeAll(async () => {
    copy = copyProject();
    dataDir = path.join(copy.root, 'data');
    expect((await copy.storefrontInProcess('seed', '--data-dir', dataDir)).code).toBe(0);
  });
  afterAll(() => copy?.remove());

  it("sets an SKU stock and reports the goods' total, the sum of its SKUs'", async () => {
    const result = await copy.storefront('goods', 'stock', '1', '7', '--json', '--data-dir', dataDir);
    expect(result.code).toBe(0);
    const reply = JSON.parse(result.stdout) as { goodsId: number; goodsStock: number };
    const db = openDatabase(path.join(dataDir, 'default.sqlite'));
    try {
      const skus = await db.selectFrom('goods_sku').select(['id', 'stock']).where('goods_id', '=', reply.goodsId).execute();
      expect(skus.find((s) => s.id === 1)?.stock).toBe(7);
      expect(reply.goodsStock).toBe(skus.reduce((sum, s) => sum + s.stock, 0));
    } finally {
      await db.destroy();
    }
  });

  it('refuses bad numbers and unknown rows with exit code 1 and changes nothing', async () => {
    const unknown = await copy.storefront('goods', 'shelve', '99999', '--off', '--data-dir', dataDir);
    expect([unknown.code, unknown.stderr.trim()]).toEqual([1, '✖ goods 99999 does not exist in site `default`']);
    const fraction = await copy.storefrontInProcess('goods', 'stock', '1', '2.5', '--data-dir', dataDir);
    expect([fraction.code, fraction.stderr.trim()]).toEqual([1, '✖ <quantity>: Must be a whole number']);
    // Every argument's problem at once, each by name.
    const both = await copy.storefrontInProcess('goods', 'stock', '0', '-1', '--data-dir', dataDir);
    expect([both.code, both.stderr.trim()]).toEqual([1, '✖ <sku-id>: Must be at least 1\n<quantity>: Must be at least 0']);
  });

  it('takes goods off sale, and the commands leave with their plugin', async () => {
    expect((await copy.storefrontInProcess('goods', 'shelve', '1', '--off', '--data-dir', dataDir)).stdout).toContain('goods 1 is off sale');
    expect((await copy.storefront('plugin', 'disable', 'goods', '--cascade')).code).toBe(0);
    const gone = await copy.storefront('goods', 'stock', '1', '1', '--data-dir', dataDir);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain('`goods` commands belong to plugin `goods`, which is disabled in site `default`; `storefront plugin enable goods` turns them on');
    expect((await copy.storefront('--help')).stdout).not.toContain('goods');
  });
});
