import { describe, expect, it } from 'vitest';
import { medianRound, type HotSkuRound, type HotSkuRun } from './hot-sku';

const run = (attemptsPerSecond: number, fields: Partial<HotSkuRun> = {}): HotSkuRun => ({
  attempts: 1000, attemptsPerSecond, p50Ms: 10, p99Ms: 30, sold: 600, refusedShort: 400, otherRefusals: 0, otherMessages: [], serverErrors: 0, serverErrorMessages: [],
  stockBefore: 600, stockAfter: 0, oversold: false, cpuMsPerAttempt: null, ...fields,
});
const round = (storefront: number, bare: number, fields: Partial<HotSkuRun> = {}): HotSkuRound => ({
  storefront: run(storefront, fields), bare: run(bare), throughputRatio: storefront / bare, p99Ratio: 1,
});

describe('medianRound', () => {
  it('gives the round of the median throughput ratio', () => {
    const rounds = [round(450, 1000), round(300, 1000), round(520, 1000)];
    expect(medianRound(rounds).throughputRatio).toBe(0.45);
    expect(medianRound([round(400, 1000), round(600, 1000)]).throughputRatio).toBe(0.4);
  });

  it('charges the median round with every round\'s 5xx replies and overselling', () => {
    const rounds = [round(450, 1000), round(300, 1000, { serverErrors: 2, serverErrorMessages: ['500 服务器内部错误！'] }), round(520, 1000, { oversold: true })];
    const median = medianRound(rounds);
    expect(median.storefront).toMatchObject({ attemptsPerSecond: 450, serverErrors: 2, serverErrorMessages: ['500 服务器内部错误！'], oversold: true });
  });
});
