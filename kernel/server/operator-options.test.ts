import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { optionalText, text, whole } from '../core/schemas';
import { createServerI18n } from './i18n';
import { businessDay, businessDayStartOf, flag, optionsOf, option, parseOptions } from './operator-options';
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
    expect(parsed).toEqual({ options: { name: '满100减10', kind: 'any', total: 7, since: Date.UTC(2026, 9, 31, 16) / 1000, hidden: true } });
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
