import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitConnections, spreadLoad } from './spread-load';

describe('splitConnections', () => {
  it('splits the connections as evenly as they go, the first nodes taking the rest', () => {
    expect(splitConnections(10, 1)).toEqual([10]);
    expect(splitConnections(10, 2)).toEqual([5, 5]);
    expect(splitConnections(10, 3)).toEqual([4, 3, 3]);
  });

  it('refuses fewer connections than nodes, naming both', () => {
    expect(() => splitConnections(1, 2)).toThrow('1 connections cannot be split over 2 node(s): each needs at least one');
  });
});

describe('spreadLoad', () => {
  const servers: http.Server[] = [];
  const urls: string[] = [];

  beforeAll(async () => {
    for (const delayMs of [0, 20]) {
      const server = http.createServer((request, response) => {
        request.resume();
        request.on('end', () => setTimeout(() => response.end('{}'), delayMs));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/goods/goodsList`);
    }
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  });

  it('loads every node at once and merges their latencies into one histogram', async () => {
    const figures = await spreadLoad(urls, { key: 'k', secret: 's' }, 4, 1);
    const [fast, slow] = figures.perNode;
    expect(fast).toBeGreaterThan(slow);
    expect(slow).toBeGreaterThan(0);
    expect(figures.total).toBe(fast + slow);
    expect(figures.errors + figures.non2xx).toBe(0);
    // Most requests went to the fast node; the slow node's 20 ms shows in the tail only.
    expect(figures.p50Ms).toBeLessThan(20);
    expect(figures.p99Ms).toBeGreaterThanOrEqual(20);
  });
});
