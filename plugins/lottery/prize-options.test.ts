import { describe, expect, it } from 'vitest';
import { createServerI18n } from '@kernel/server/i18n';
import { parseOptions } from '@kernel/server/operator-options';
import { REPO_ROOT } from '@kernel/server/testing';
import { checkPrize, prizeArguments, prizeOptions, slotPrizeOf } from './prize-options';

const i18n = createServerI18n(REPO_ROOT, ['lottery']);
const t = (key: string, params?: Record<string, string | number>) => i18n.t('en', key, params);

/** As `storefront lottery prize <slot> …` checks what the operator typed; the slot's current weight is 7. */
const check = (slot: string, raw: Record<string, unknown>) => {
  const parsed = parseOptions({ command: 'lottery prize <slot>', arguments: prizeArguments, options: prizeOptions, check: checkPrize }, raw, [slot], t);
  return 'problems' in parsed ? parsed : slotPrizeOf(parsed.options, parsed.params.slot, 7);
};
const problems = (slot: string, raw: Record<string, unknown>) => {
  const checked = check(slot, raw);
  return 'problems' in checked ? checked.problems : [];
};

describe('lottery prize <slot> options', () => {
  it('takes a score prize with its points, weight and stock', () => {
    expect(check('3', { kind: 'score', amount: '50', weight: '10', stock: '100' })).toEqual({
      slot: 3,
      prize: { kind: 'score', amount: 50, couponId: null, label: null, weight: 10, stock: 100, enabled: true },
    });
  });

  it('takes a balance prize in yuan and keeps it in fen; the weight stays when not given', () => {
    expect(check('0', { kind: 'balance', amount: '0.88', stock: 'unlimited', label: ' 红包 ', off: true })).toEqual({
      slot: 0,
      prize: { kind: 'balance', amount: 88, couponId: null, label: '红包', weight: 7, stock: null, enabled: false },
    });
  });

  it('takes a coupon prize by the id of its coupon', () => {
    expect(check('5', { kind: 'coupon', coupon: '3', stock: '20', label: '无门槛5元' })).toMatchObject({ slot: 5, prize: { kind: 'coupon', amount: 0, couponId: 3, stock: 20, label: '无门槛5元' } });
    expect(problems('5', { kind: 'coupon', stock: '20' })).toEqual(['--coupon is required for a coupon prize: the id of the coupon it grants']);
    expect(problems('5', { kind: 'coupon', coupon: 'x', stock: '20', amount: '5' })).toEqual(['--coupon: Must be a whole number', '--amount does not apply to a coupon prize']);
  });

  it('takes "thanks for playing" with unlimited stock by default', () => {
    expect(check('7', { kind: 'thanks', weight: '0' })).toMatchObject({ slot: 7, prize: { kind: 'thanks', amount: 0, stock: null, weight: 0 } });
  });

  it('names every problem at once, each by its option', () => {
    expect(problems('8', { kind: 'jackpot', weight: '-1', stock: 'lots', label: 'x'.repeat(21) })).toEqual([
      '<slot>: Must be at most 7',
      '--kind: Not one of the options (score, balance, coupon, thanks)',
      '--weight: Must be at least 0',
      '--stock: Must be a whole number',
      '--label: At most 20 characters',
    ]);
  });

  it('asks for what each kind needs, and refuses what does not apply', () => {
    expect(problems('1', {})).toEqual(['--kind: Required']);
    expect(problems('1', { kind: 'score' })).toEqual([
      '--amount is required for a score prize: the points it credits, e.g. 50',
      '--stock is required for a score prize: how many can be won (a whole number ≥ 0), or "unlimited"',
    ]);
    expect(problems('1', { kind: 'score', amount: '1.5', stock: '1' })).toEqual(['--amount of a score prize must be whole points from 1 to 10000000, got "1.5"']);
    expect(problems('1', { kind: 'score', amount: '0', stock: '1' })).toEqual(['--amount of a score prize must be whole points from 1 to 10000000, got "0"']);
    expect(problems('1', { kind: 'balance', amount: '1.234', stock: '1' })).toEqual(['--amount: Please enter a correct amount']);
    expect(problems('1', { kind: 'balance', amount: '100000.01', stock: '1' })).toEqual(['--amount of a balance prize must be yuan from 0.01 to 100000, got "100000.01"']);
    expect(problems('1', { kind: 'thanks', amount: '5' })).toEqual(['--amount does not apply to a thanks prize']);
    expect(problems('1', { kind: 'thanks', coupon: '5' })).toEqual(['--coupon applies to a coupon prize only, not to a thanks prize']);
    expect(problems('-1', { kind: 'thanks' })).toEqual(['<slot>: Must be at least 0']);
  });
});
