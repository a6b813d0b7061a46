import { describe, expect, it } from 'vitest';
import { createServerI18n } from '@kernel/server/i18n';
import { optionsOf, parseOptions } from '@kernel/server/operator-options';
import { REPO_ROOT } from '@kernel/server/testing';
import { batchSpecOf, checkGenerate, generateOptions } from './generate-options';

const i18n = createServerI18n(REPO_ROOT, ['cdkey']);
const t = (key: string, params?: Record<string, string | number>) => i18n.t('en', key, params);

/** 2 March 2026, noon in Shanghai (04:00 UTC). */
const NOW = Date.UTC(2026, 2, 2, 4) / 1000;

/** As `storefront cdkey generate` checks what the operator typed (strings, as commander hands them over) at NOW. */
const check = (raw: Record<string, unknown>) => {
  const parsed = parseOptions({ options: generateOptions, check: checkGenerate }, raw, [], t);
  if ('problems' in parsed) return parsed;
  const made = batchSpecOf(parsed.options, NOW);
  return 'problem' in made ? { problems: [made.problem] } : made;
};
const problems = (raw: Record<string, unknown>) => {
  const checked = check(raw);
  return 'problems' in checked ? checked.problems : [];
};

describe('storefront cdkey generate: options', () => {
  it('makes a balance batch in fen, or a score batch in points', () => {
    expect(check({ count: '10', balance: '50' })).toEqual({
      spec: { kind: 'balance', amount: 5_000, count: 10, note: '', expires: null, expiresAt: null },
    });
    expect(check({ count: '1', balance: '9.9', note: ' 春节活动 ' })).toMatchObject({ spec: { amount: 990, note: '春节活动' } });
    expect(check({ count: '10000', score: '100' })).toMatchObject({ spec: { kind: 'score', amount: 100, count: 10_000 } });
  });

  it('lets the cards redeem through the whole last day in Shanghai, today included', () => {
    // 3 March 00:00 in Shanghai is 2 March 16:00 UTC.
    expect(check({ count: '1', score: '5', expires: '2026-03-02' })).toMatchObject({ spec: { expires: '2026-03-02', expiresAt: Date.UTC(2026, 2, 2, 16) / 1000 } });
  });

  it('refuses both or neither of --balance and --score', () => {
    expect(problems({ count: '1', balance: '5', score: '5' })).toEqual(['give exactly one of --balance <yuan> and --score <points>, got both']);
    expect(problems({ count: '1' })).toEqual(['give exactly one of --balance <yuan> and --score <points>, got neither']);
  });

  it('refuses a count outside 1–10000, naming the option', () => {
    expect(problems({ balance: '5' })).toEqual(['--count: Required']);
    expect(problems({ count: '0', balance: '5' })).toEqual(['--count: Must be at least 1']);
    expect(problems({ count: '10001', balance: '5' })).toEqual(['--count: Must be at most 10000']);
    for (const count of ['2.5', '-3x', 'ten']) expect(problems({ count, balance: '5' })).toEqual(['--count: Must be a whole number']);
  });

  it('refuses amounts of zero or less, fractions of a fen or point, and slips of the finger', () => {
    expect(problems({ count: '1', balance: '0' })).toEqual(['--balance: Must be greater than 0']);
    for (const balance of ['-5', '0.001', 'abc']) expect(problems({ count: '1', balance })).toEqual(['--balance: Please enter a correct amount']);
    expect(problems({ count: '1', balance: '100000.01' })).toEqual(['--balance: The amount is too large']);
    expect(problems({ count: '1', score: '0' })).toEqual(['--score: Must be at least 1']);
    expect(problems({ count: '1', score: '1.5' })).toEqual(['--score: Must be a whole number']);
    expect(problems({ count: '1', score: '10000001' })).toEqual(['--score: Must be at most 10000000']);
  });

  it('refuses an expiry that is no date or already past, and reports every problem of the options at once', () => {
    expect(problems({ count: '1', score: '1', expires: '2026-02-30' })).toEqual(['--expires: Must be a date, YYYY-MM-DD']);
    expect(problems({ count: '1', score: '1', expires: '2026-03-01' })).toEqual(['--expires 2026-03-01 is in the past (today is 2026-03-02 in Asia/Shanghai)']);
    expect(problems({ count: '0', expires: 'soon', note: 'x'.repeat(201) })).toEqual([
      '--count: Must be at least 1',
      '--expires: Must be a date, YYYY-MM-DD',
      '--note: At most 200 characters',
      'give exactly one of --balance <yuan> and --score <points>, got neither',
    ]);
  });

  it('keeps the help the command had', () => {
    expect(optionsOf(generateOptions).map((o) => `${o.flags}  ${o.description}`)).toEqual([
      '--count <n>  how many cards (1–10000)',
      '--balance <yuan>  each card credits this balance, e.g. 50 or 9.90',
      '--score <points>  each card credits these points, e.g. 100',
      '--expires <date>  last day the cards redeem, YYYY-MM-DD (Asia/Shanghai)',
      '--note <text>  what the batch is for (shown by `cdkey list`)',
    ]);
  });
});
