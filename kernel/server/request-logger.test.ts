import Fastify from 'fastify';
import type { Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { REDACTED } from './log-redaction';
import { createLogger } from './logger';
import { RequestLog } from './request-log';
import { lazyRequestLogger } from './request-logger';

type Line = Record<string, unknown> & { msg: string; level: number; reqId?: string };

async function appWith(level: 'info' | 'debug') {
  const texts: string[] = [];
  const logger = createLogger({ level, write: (text) => texts.push(text) });
  const child = vi.spyOn(logger as Logger, 'child');
  const app = Fastify({ loggerInstance: logger, logController: new RequestLog(), childLoggerFactory: lazyRequestLogger });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/chatty', async (request) => {
    request.log.debug('looking');
    request.log.warn({ password: 'hunter2' }, 'twice %s', 'told');
    request.log.warn('again');
    return { ok: true };
  });
  await app.ready();
  // Fastify's own logger is a child made at start; only the requests' count here.
  child.mockClear();
  return { app, child, lines: () => texts.map((text) => JSON.parse(text) as Line) };
}

describe("a request's logger", () => {
  it('makes no child for a request that logs nothing of its own, and its summary line still names it', async () => {
    const { app, child, lines } = await appWith('info');
    const reply = await app.inject({ method: 'GET', url: '/quiet' });
    expect(reply.statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    const [line] = lines().filter((l) => l.msg === 'request completed');
    expect(line.reqId).toBe('req-1');
    await app.close();
  });

  it("makes the child once, at the first line written, and those lines carry the request's id, censored", async () => {
    const { app, child, lines } = await appWith('info');
    await app.inject({ method: 'GET', url: '/chatty' });
    expect(child).toHaveBeenCalledTimes(1);
    const warned = lines().filter((l) => l.level === 40);
    expect(warned.map((l) => l.msg)).toEqual(['twice told', 'again']);
    expect(warned.every((l) => l.reqId === 'req-1')).toBe(true);
    expect(warned[0].password).toBe(REDACTED);
    expect(lines().some((l) => l.msg === 'looking')).toBe(false);
    await app.close();
  });

  it('writes the lines of a level the logger has on, such as debug', async () => {
    const { app, lines } = await appWith('debug');
    await app.inject({ method: 'GET', url: '/chatty' });
    expect(lines().find((l) => l.msg === 'looking')?.reqId).toBe('req-1');
    expect(lines().find((l) => l.msg === 'incoming request')?.reqId).toBe('req-1');
    await app.close();
  });
});
