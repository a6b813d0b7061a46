import { describe, expect, it } from 'vitest';
import { exactnessMiss, pushLatencies, SECKILL, type SeckillRound, type SeckillRun } from './seckill';

describe('pushLatencies', () => {
  it('times the k-th reply to the k-th push at the last socket to hear it', () => {
    // Replies at 10 and 20; socket A hears pushes at 12 and 25, socket B at 15 and 21.
    expect(pushLatencies([20, 10], [[25, 12], [15, 21]])).toEqual({ latencies: [5, 5], lost: 0 });
  });

  it('counts a push a socket never heard as lost and leaves that purchase out', () => {
    expect(pushLatencies([10, 20], [[12, 25], [15]])).toEqual({ latencies: [5], lost: 1 });
    expect(pushLatencies([10], [])).toEqual({ latencies: [], lost: 0 });
  });
});

describe('exactnessMiss', () => {
  const run = (orders: number, soldOut: number) => ({ orders, soldOut }) as SeckillRun;
  const round = (orders: number, soldOut: number) => ({ storefront: run(orders, soldOut) }) as SeckillRound;

  it('is 0 when every round had exactly the stock in orders and the rest sold out, else the worst round\'s distance', () => {
    expect(exactnessMiss({ settings: SECKILL, rounds: [round(100, 1900), round(100, 1900)] })).toBe(0);
    expect(exactnessMiss({ settings: SECKILL, rounds: [round(100, 1900), round(99, 1898)] })).toBe(3);
  });
});
