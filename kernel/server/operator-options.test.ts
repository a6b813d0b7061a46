import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { id, optionalText, text, whole } from '../core/schemas';
import { createServerI18n } from './i18n';
import { argumentNamesOf, argumentsProblem, businessDay, businessDayStartOf, flag, optionsOf, option, parseOptions, runCommand } from './operator-options';
import { REPO_ROOT } from './testing';

const i18n = createServerI18n(REPO_ROOT, []);
const en = (key: string, params?: Record<string, string | number>) => i18n.t('en', key, params);
const zh = (key: string, params?: Record<string, string | number>) => i18n.t('zh-Hans', key, params);

const schema = z.object({
  name: option(text(10), 'what shoppers see', 'text'),
  nameEn: option(optionalText(12), 'what English readers see', 'text'),
  kind: option(z.enum(['full', 'any']), 'full or any', 'kind'),
  total: option(z._default(whole({ min: 1, max: 100 }), 20), 'how many', 'n'),
  since: option(z.optional(businessDay()), 'from this day', 'date'),
  hidden: flag('not listed'),
});
const command = {
  options: schema,
  check: (o: Partial<z.output<typeof schema>>, { given }: { given: ReadonlySet<string> }) =>
    o.kind === 'full' && !given.has('since') ? ['a full one needs --since'] : [],
};

describe('operator options declared as a schema', () => {
  it('become commander options: --kebab-case, the value named, flags without one, defaults shown', () => {
    expect(optionsOf(schema)).toEqual([
      { key: 'name', flags: '--name <text>', description: 'what shoppers see' },
      { key: 'nameEn', flags: '--name-en <text>', description: 'what English readers see' },
      { key: 'kind', flags: '--kind <kind>', description: 'full or any' },
      { key: 'total', flags: '--total <n>', description: 'how many', defaultValue: '20' },
      { key: 'since', flags: '--since <date>', description: 'from this day' },
      { key: 'hidden', flags: '--hidden', description: 'not listed' },
    ]);
    expect(optionsOf(undefined)).toEqual([]);
  });

  it('hand the command typed values, defaults applied, ignoring the options every command has', () => {
    const parsed = parseOptions(command, { name: ' 满100减10 ', kind: 'any', total: '7', since: '2026-11-01', hidden: true, json: true, site: 'x' }, [], en);
    expect(parsed).toEqual({ options: { name: '满100减10', kind: 'any', total: 7, since: Date.UTC(2026, 9, 31, 16) / 1000, hidden: true }, params: {} });
    expect(parseOptions(command, { name: 'a', kind: 'full', since: '2026-11-01' }, [], en)).toMatchObject({ options: { total: 20 } });
  });

  it("reports every problem at once in the kernel's words, naming each --option, then the rules between them", () => {
    const raw = { name: '', nameEn: 'x'.repeat(13), kind: 'full', total: '101', hidden: true };
    expect(parseOptions(command, raw, [], en)).toEqual({
      problems: ['--name: Required', '--name-en: At most 12 characters', '--total: Must be at most 100', 'a full one needs --since'],
    });
    expect(parseOptions(command, { kind: 'half', total: 'many', since: '2026-02-30' }, [], en)).toEqual({
      problems: ['--name: Required', '--kind: Not one of the options (full, any)', '--total: Must be a whole number', '--since: Must be a date, YYYY-MM-DD'],
    });
  });

  it("words them in the operator's language", () => {
    expect(parseOptions(command, { kind: 'any', total: '0' }, [], zh)).toEqual({ problems: ['--name: 不能为空', '--total: 不能小于 1'] });
  });

  it('tells the rules which options were typed: one that failed its own check is not missing', () => {
    expect(parseOptions(command, { name: 'a', kind: 'full', since: 'soon' }, [], en)).toEqual({ problems: ['--since: Must be a date, YYYY-MM-DD'] });
  });

  it('reads a business day in Asia/Shanghai, and only a real one', () => {
    expect(businessDayStartOf('2026-03-02')).toBe(Date.UTC(2026, 2, 1, 16) / 1000);
    expect(businessDayStartOf('2026-02-29')).toBeNull();
    expect(businessDayStartOf('2026-3-2')).toBeNull();
  });
});

describe('operator arguments declared as a schema', () => {
  const stock = { command: 'goods stock <sku-id> <quantity> [note...]', arguments: z.object({ skuId: id(), quantity: whole(), note: optionalText(20) }), options: z.object({}) };

  it('are keyed by their names, camel-cased, brackets and ellipses dropped', () => {
    expect(argumentNamesOf(stock.command)).toEqual(['skuId', 'quantity', 'note']);
    expect(argumentNamesOf('cash list')).toEqual([]);
  });

  it('hand the command typed values, an optional one left out', () => {
    expect(parseOptions(stock, {}, ['12', ' 30 '], en)).toEqual({ options: {}, params: { skuId: 12, quantity: 30 } });
    expect(parseOptions(stock, {}, ['12', '0', 'recount'], en)).toMatchObject({ params: { note: 'recount' } });
  });

  it('report every problem, each naming its <argument>, before the options', () => {
    const both = { ...stock, options: z.object({ total: option(whole({ min: 1 }), 'how many', 'n') }) };
    expect(parseOptions(both, { total: 'x' }, ['0', '2.5'], en)).toEqual({
      problems: ['<sku-id>: Must be at least 1', '<quantity>: Must be a whole number', '--total: Must be a whole number'],
    });
    expect(parseOptions(stock, {}, ['1'], zh)).toEqual({ problems: ['<quantity>: 不能为空'] });
  });

  it('must match the command line: a key for each argument and no other', () => {
    expect(argumentsProblem(stock)).toBeNull();
    expect(argumentsProblem({ command: 'goods stock <sku-id> <quantity>', arguments: z.object({ skuId: id(), qty: whole() }) })).toBe('no schema for quantity; qty in its schema is no argument');
    expect(argumentsProblem({ command: 'goods stock <sku-id>' })).toBeNull();
  });

  it('reach run as params, and run is not called on a refusal', async () => {
    const seen: unknown[] = [];
    const command = { ...stock, description: '', run: async (input: { params: unknown }) => (seen.push(input.params), { lines: [], data: null }) };
    const ctx = { t: en } as never;
    await runCommand(command, { args: ['3', '4'], options: {}, ctx });
    await expect(runCommand(command, { args: ['x', '4'], options: {}, ctx })).rejects.toThrow('<sku-id>: Must be a whole number');
    expect(seen).toEqual([{ skuId: 3, quantity: 4 }]);
  });
});
