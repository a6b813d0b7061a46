/**
 * Order placement under load (issue #4): many shoppers at once buying one SKU whose stock is
 * smaller than the demand. Reports orders/s and latency, and checks there is no oversell: orders
 * placed = stock taken, the SKU's stock never below zero, every refusal a "stock short" answer.
 * Given several nodes (issue #14), the calls take turns over them, so one shopper's attempts
 * reach every node.
 */
import { performance } from 'node:perf_hooks';
import type { AppCredentials } from '@kernel/server/pipeline/signature';
import { percentile, post, registerShopper } from './http';

export interface OrderBenchSettings {
  shoppers: number;
  attemptsPerShopper: number;
  stock: number;
  /** Requests in flight at once. */
  concurrency: number;
}

export interface OrderFigures {
  settings: OrderBenchSettings;
  attempts: number;
  placed: number;
  refusedShort: number;
  otherFailures: number;
  ordersPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  stockBefore: number;
  stockAfter: number;
  oversold: boolean;
}

/** `stockOf` reads the SKU's stock out of band (the caller set it, with the operator command). */
export async function benchOrders(
  bases: string | readonly string[],
  app: AppCredentials,
  sku: { goodsId: number; skuId: number },
  stockOf: () => Promise<number>,
  settings: OrderBenchSettings,
): Promise<OrderFigures> {
  const nodes = typeof bases === 'string' ? [bases] : bases;
  const run = Date.now().toString(36);
  const shoppers = [];
  for (let i = 0; i < settings.shoppers; i += 1) {
    const base = nodes[i % nodes.length];
    const token = await registerShopper(base, app, `bench${run}x${i}`);
    const address = await post<{ id: number }>(base, app, '/api/address/save', {
      name: '压测', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '科技园路1号', is_default: 1,
    }, token);
    if (address.code !== 1) throw new Error(`address: ${address.msg}`);
    shoppers.push({ token, addressId: address.data.id });
  }

  const stockBefore = await stockOf();
  const jobs = shoppers
    .flatMap((s, i) => Array.from({ length: settings.attemptsPerShopper }, (_, k) => ({ ...s, key: `bench-${run}-${i}-${k}` })))
    .map((job, j) => ({ ...job, base: nodes[j % nodes.length] }));
  const latencies: number[] = [];
  let placed = 0;
  let refusedShort = 0;
  let otherFailures = 0;
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const t0 = performance.now();
      const reply = await post(job.base, app, '/api/order/confirm', {
        source: 'buy', goods_id: sku.goodsId, sku_id: sku.skuId, num: 1, address_id: job.addressId, request_key: job.key,
      }, job.token);
      latencies.push(performance.now() - t0);
      if (reply.code === 1) placed += 1;
      else if (reply.msg.includes('库存不足')) refusedShort += 1;
      else otherFailures += 1;
    }
  };
  await Promise.all(Array.from({ length: settings.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  const stockAfter = await stockOf();
  latencies.sort((a, b) => a - b);
  return {
    settings,
    attempts: jobs.length,
    placed,
    refusedShort,
    otherFailures,
    ordersPerSecond: placed / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    stockBefore,
    stockAfter,
    oversold: stockAfter < 0 || placed !== stockBefore - stockAfter || placed > stockBefore,
  };
}
