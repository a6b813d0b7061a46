import { describe, expect, it } from 'vitest';
import { checkGenerateOptions } from './generate-options';

const TODAY = '2026-03-02';
const problems = (options: Record<string, unknown>) => {
  const checked = checkGenerateOptions(options, TODAY);
  return 'problems' in checked ? checked.problems : [];
};

describe('storefront cdkey generate: options', () => {
  it('makes a balance batch in fen, or a score batch in points', () => {
    expect(checkGenerateOptions({ count: '10', balance: '50' }, TODAY)).toEqual({
      spec: { kind: 'balance', amount: 5_000, count: 10, note: '', expires: null, expiresAt: null },
    });
    expect(checkGenerateOptions({ count: '1', balance: '9.9', note: ' 春节活动 ' }, TODAY)).toMatchObject({ spec: { amount: 990, note: '春节活动' } });
    expect(checkGenerateOptions({ count: '10000', score: '100' }, TODAY)).toMatchObject({ spec: { kind: 'score', amount: 100, count: 10_000 } });
  });

  it('lets the cards redeem through the whole last day in Shanghai', () => {
    const checked = checkGenerateOptions({ count: '1', score: '5', expires: '2026-03-02' }, TODAY);
    // 3 March 00:00 in Shanghai is 2 March 16:00 UTC.
    expect(checked).toMatchObject({ spec: { expires: '2026-03-02', expiresAt: Date.UTC(2026, 2, 2, 16) / 1000 } });
  });

  it('refuses both or neither of --balance and --score', () => {
    expect(problems({ count: '1', balance: '5', score: '5' })).toEqual(['give exactly one of --balance <yuan> and --score <points>, got both']);
    expect(problems({ count: '1' })).toEqual(['give exactly one of --balance <yuan> and --score <points>, got neither']);
  });

  it('refuses a count outside 1–10000, naming the option and what it got', () => {
    expect(problems({ balance: '5' })).toEqual(['--count is required: how many cards, 1–10000']);
    for (const count of ['0', '10001', '2.5', '-3', 'ten']) {
      expect(problems({ count, balance: '5' })).toEqual([`--count must be a whole number from 1 to 10000, got "${count}"`]);
    }
  });

  it('refuses amounts of zero or less, fractions of a fen or point, and slips of the finger', () => {
    for (const balance of ['0', '-5', '0.001', 'abc', '100000.01']) {
      expect(problems({ count: '1', balance })).toEqual([`--balance must be an amount of yuan above 0 and at most 100000, with at most two decimals, got "${balance}"`]);
    }
    for (const score of ['0', '-1', '1.5', '10000001']) {
      expect(problems({ count: '1', score })).toEqual([`--score must be a whole number of points from 1 to 10000000, got "${score}"`]);
    }
  });

  it('refuses an expiry that is no date or already past, and reports every problem at once', () => {
    expect(problems({ count: '1', score: '1', expires: '2026-02-30' })).toEqual(['--expires must be a date YYYY-MM-DD, got "2026-02-30"']);
    expect(problems({ count: '1', score: '1', expires: '2026-03-01' })).toEqual(['--expires 2026-03-01 is in the past (today is 2026-03-02 in Asia/Shanghai)']);
    expect(problems({ count: '0', expires: 'soon', note: 'x'.repeat(201) })).toEqual([
      '--count must be a whole number from 1 to 10000, got "0"',
      'give exactly one of --balance <yuan> and --score <points>, got neither',
      '--expires must be a date YYYY-MM-DD, got "soon"',
      '--note must be at most 200 characters, got 201',
    ]);
  });
});
